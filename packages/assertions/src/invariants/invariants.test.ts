import { addTool, changeSchema, createFakeServer, removeTool, scriptBuilder } from '@toolshift/fake-server';
import { describe, expect, test } from 'vitest';
import { Drive } from '../../test/support/drive.js';
import { INVARIANTS } from './index.js';

const tool = (name: string, inputSchema: Record<string, unknown> = { type: 'object' }) => ({
  name,
  inputSchema,
});
const check = (id: string, drive: Drive) => INVARIANTS[id]!.check(drive.record());

function paged() {
  return scriptBuilder('paged')
    .tools(tool('a'), tool('b'), tool('c'))
    .pageSize(2)
    .step('add-d', addTool(tool('d')))
    .step('remove-a', removeTool('a'))
    .step(
      'change-b',
      changeSchema('b', { inputSchema: { type: 'object', properties: { x: { type: 'string' } } } }),
    )
    .build();
}

describe('discovery.follows-every-cursor', () => {
  test('passes when every page is read and fails, with the unfollowed page as evidence, when one is not', async () => {
    const good = new Drive(paged());
    good.expose(await good.listAll());
    expect(check('discovery.follows-every-cursor', good).status).toBe('pass');

    const bad = new Drive(paged());
    const first = await bad.page();
    bad.expose(first.tools);
    const verdict = check('discovery.follows-every-cursor', bad);
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toContain('stopped after page 1');
    expect(verdict.evidence[0]!.seq).toBe(bad.server.transcript.frames.at(-1)!.seq);
  });

  test('is inconclusive, not failed, when the client never lists (a lazy client never used)', () => {
    expect(check('discovery.follows-every-cursor', new Drive(paged()))).toMatchObject({
      status: 'inconclusive',
      message: expect.stringContaining('never sent tools/list'),
    });
  });
});

describe('change.relists-after-signal and change.relist-completes-after-signal', () => {
  test('are inconclusive without a change notification', async () => {
    const drive = new Drive(paged());
    drive.expose(await drive.listAll());
    expect(check('change.relists-after-signal', drive).status).toBe('inconclusive');
  });

  test('pass when the client re-lists every page after the notification', async () => {
    const drive = new Drive(paged());
    await drive.listen();
    drive.expose(await drive.listAll());
    drive.server.apply('add-d');
    drive.expose(await drive.listAll());
    expect(check('change.relists-after-signal', drive).status).toBe('pass');
    expect(check('change.relist-completes-after-signal', drive).status).toBe('pass');
  });

  test('fail when the notification is ignored, citing the notification frame', async () => {
    const drive = new Drive(paged());
    await drive.listen();
    drive.expose(await drive.listAll());
    drive.server.apply('add-d');
    const verdict = check('change.relists-after-signal', drive);
    expect(verdict.status).toBe('fail');
    const notification = drive.server.transcript.frames.find(
      (f) => (f.message as { method?: string } | undefined)?.method === 'notifications/tools/list_changed',
    )!;
    expect(verdict.evidence).toEqual([expect.objectContaining({ seq: notification.seq })]);
  });

  test('re-reading only page one passes the first check and fails the second', async () => {
    const drive = new Drive(paged());
    await drive.listen();
    drive.expose(await drive.listAll());
    drive.server.apply('add-d');
    await drive.page();
    expect(check('change.relists-after-signal', drive).status).toBe('pass');
    const verdict = check('change.relist-completes-after-signal', drive);
    expect(verdict.status).toBe('fail');
    expect(verdict.nearMiss).toContain('re-listed 1 page');
  });
});

describe('registry invariants', () => {
  test('matches-final-catalog names what is missing and what is stale', async () => {
    const drive = new Drive(paged());
    drive.expose(await drive.listAll());
    drive.server.apply('add-d');
    drive.server.apply('remove-a');
    const verdict = check('registry.matches-final-catalog', drive);
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toContain("missing 'd'");
    expect(verdict.message).toContain("still exposing removed 'a'");
    drive.expose(await drive.listAll());
    expect(check('registry.matches-final-catalog', drive).status).toBe('pass');
  });

  test('no-stale-exposure catches a merge of the new listing into the old registry', async () => {
    const drive = new Drive(paged());
    const before = await drive.listAll();
    drive.expose(before);
    drive.server.apply('remove-a');
    const after = await drive.listAll();
    drive.expose([...before, ...after.filter((t) => !before.some((b) => b.name === t.name))]);
    const verdict = check('registry.no-stale-exposure', drive);
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toContain("'a'");
    drive.expose(after);
    expect(check('registry.matches-final-catalog', drive).status).toBe('pass');
  });

  test('current-contracts compares schemas canonically and catches a stale one', async () => {
    const drive = new Drive(paged());
    const before = await drive.listAll();
    drive.expose(before);
    drive.server.apply('change-b');
    expect(check('registry.current-contracts', drive).status).toBe('fail');
    const reverseKeys = (value: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(value).reverse());
    const reordered = (await drive.listAll()).map((t) => ({ ...t, inputSchema: reverseKeys(t.inputSchema) }));
    drive.expose(reordered);
    expect(check('registry.current-contracts', drive).status).toBe('pass');
  });
});

describe('era.no-modern-flow-in-legacy-session', () => {
  test('is inconclusive when the client opened no legacy session (issue 9, point 13)', async () => {
    const drive = new Drive(paged());
    await drive.listen();
    drive.expose(await drive.listAll());
    // Before: "No modern subscription request was sent inside a legacy session", a pass over a modern run.
    expect(check('era.no-modern-flow-in-legacy-session', drive).status).toBe('inconclusive');
  });

  test('fails when subscriptions/listen is sent with a legacy session id', async () => {
    const drive = new Drive(paged());
    const init = await drive.server.handle({
      transport: 'http',
      httpMethod: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } },
      }),
    });
    const session = init.headers['Mcp-Session-Id']!;
    await drive.server.handle({
      transport: 'http',
      httpMethod: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': session,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'subscriptions/listen',
        params: { notifications: { toolsListChanged: true } },
      }),
    });
    const verdict = INVARIANTS['era.no-modern-flow-in-legacy-session']!.check({
      ...drive.record(),
      era: 'legacy',
    });
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toContain(session);
  });
});

describe('modern.subscribes-to-tool-changes', () => {
  test('does not apply when the client gave up on an answered probe and negotiated 2025-11-25 last', async () => {
    const server = createFakeServer(paged());
    const send = (body: Record<string, unknown>) =>
      server.handle({
        transport: 'in-memory',
        headers: {},
        body: JSON.stringify({ jsonrpc: '2.0', ...body }),
      });
    await send({
      id: 'probe',
      method: 'server/discover',
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    });
    // It listed in 2026-07-28 (a client that never listed would have nothing to judge).
    await send({
      id: 'list',
      method: 'tools/list',
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    });
    const record = () => ({
      era: 'modern' as const,
      serverId: 'primary',
      transcript: server.transcript.frames,
      observations: [],
      finalCatalog: server.snapshot(),
    });
    const invariant = INVARIANTS['modern.subscribes-to-tool-changes']!;
    expect(invariant.check(record()).status).toBe('fail'); // modern, listed, never subscribed
    await send({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    });
    const verdict = invariant.check(record());
    expect(verdict.status).toBe('inconclusive');
    expect(verdict.message).toContain('the era in force at the end');
  });

  test('fails a modern client that lists without subscribing and passes one that subscribes', async () => {
    const lazy = new Drive(paged());
    lazy.expose(await lazy.listAll());
    expect(check('modern.subscribes-to-tool-changes', lazy).status).toBe('fail');
    const eager = new Drive(paged());
    await eager.listen();
    expect(check('modern.subscribes-to-tool-changes', eager).status).toBe('pass');
    // The cell's era label does not decide: the subscription was made in 2026-07-28 on the wire.
    expect(
      INVARIANTS['modern.subscribes-to-tool-changes']!.check({ ...eager.record(), era: 'legacy' }).status,
    ).toBe('pass');
  });

  test('is inconclusive for a client that negotiated legacy in a modern cell, got the notification and re-listed', async () => {
    // The false verdict: a dual-era endpoint, a modern-labelled cell, a client that speaks 2025-11-25.
    const drive = new Drive(paged());
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const init = await drive.server.handle({
      transport: 'http',
      httpMethod: 'POST',
      headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } },
      }),
    });
    const session = {
      ...headers,
      'mcp-session-id': init.headers['Mcp-Session-Id']!,
      'mcp-protocol-version': '2025-11-25',
    };
    await drive.server.handle({
      transport: 'http',
      httpMethod: 'POST',
      headers: session,
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    await drive.server.handle({
      transport: 'http',
      httpMethod: 'GET',
      headers: { ...session, accept: 'text/event-stream' },
    });
    drive.server.apply('remove-a');
    await drive.server.handle({
      transport: 'http',
      httpMethod: 'POST',
      headers: session,
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }),
    });
    const record = { ...drive.record(), era: 'modern' as const };
    expect(
      record.transcript.some(
        (f) => (f.message as { method?: string } | undefined)?.method === 'notifications/tools/list_changed',
      ),
    ).toBe(true);
    const verdict = INVARIANTS['modern.subscribes-to-tool-changes']!.check(record);
    expect(verdict.status).toBe('inconclusive');
    expect(verdict.message).toContain('negotiated 2025-11-25');
    expect(INVARIANTS['change.relists-after-signal']!.check(record).status).toBe('pass');
  });
});
