import { describe, expect, it } from 'vitest';
import { createFakeServer, emitNotification, scriptBuilder, type TranscriptFrame } from '../../src/index.js';
import { MODERN_META, messageOf, openLegacySession, openSse, useLoopback } from '../support/loopback.js';
import { stdioPipes } from '../support/stdio-pipes.js';

const tool = (name: string) => ({ name, inputSchema: { type: 'object' as const } });

/** prompts and resources list_changed, then a method no spec defines, with params. */
function script() {
  return scriptBuilder('other-notifications')
    .tools(tool('alpha'))
    .step('prompts', emitNotification('notifications/prompts/list_changed'))
    .step('resources', emitNotification('notifications/resources/list_changed', { count: 2 }))
    .step('vendor', emitNotification('notifications/x-vendor/heartbeat', { params: { beat: 7 } }))
    .build();
}

const methodOf = (frame: TranscriptFrame) => (frame.message as { method?: string } | undefined)?.method;

describe('emitNotification (notifications that are not about tools)', () => {
  const fixture = useLoopback();

  it('legacy HTTP: each goes on the session GET stream after its step frame; tools keep working', async () => {
    const { url, server } = await fixture.start(script());
    const session = await openLegacySession(url);
    const get = await session.openGet();
    await server.waitFor((frame) => frame.kind === 'stream-open');
    for (const step of ['prompts', 'resources', 'vendor']) server.apply(step);
    const received = [];
    for (let i = 0; i < 4; i++) received.push(messageOf(await get.next()));
    expect(received).toEqual([
      { jsonrpc: '2.0', method: 'notifications/prompts/list_changed' },
      { jsonrpc: '2.0', method: 'notifications/resources/list_changed' },
      { jsonrpc: '2.0', method: 'notifications/resources/list_changed' },
      { jsonrpc: '2.0', method: 'notifications/x-vendor/heartbeat', params: { beat: 7 } },
    ]);
    const stepSeq = server.transcript.frames.find((frame) => frame.step === 'prompts')!.seq;
    const sentSeq = server.transcript.frames.find(
      (frame) => frame.direction === 'out' && methodOf(frame) === 'notifications/prompts/list_changed',
    )!.seq;
    expect(stepSeq).toBeLessThan(sentSeq);
    const list = await session.request(2, 'tools/list');
    expect(list.status).toBe(200);
    get.close();
  });

  it('modern HTTP: each goes on an acknowledged listen stream, tagged with its subscriptionId', async () => {
    const { url, server } = await fixture.start(script());
    const listen = await openSse(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'subscriptions/listen',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 'sub-1',
        method: 'subscriptions/listen',
        params: { notifications: { toolsListChanged: true }, _meta: MODERN_META },
      }),
    });
    expect(messageOf(await listen.next())).toMatchObject({
      method: 'notifications/subscriptions/acknowledged',
    });
    server.apply('prompts');
    server.apply('vendor');
    const tag = { 'io.modelcontextprotocol/subscriptionId': 'sub-1' };
    expect(messageOf(await listen.next())).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/prompts/list_changed',
      params: { _meta: tag },
    });
    expect(messageOf(await listen.next())).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/x-vendor/heartbeat',
      params: { beat: 7, _meta: tag },
    });
    listen.close();
  });

  it('an SDK client in either era survives them and still lists and calls tools', async () => {
    const { url, server } = await fixture.start(script());
    for (const era of ['legacy', 'modern'] as const) {
      const client = await fixture.connect(url, era);
      if (era === 'legacy')
        await server.waitFor((frame) => frame.kind === 'stream-open' && frame.era === 'legacy');
      else await client.listen({ toolsListChanged: true });
      for (const step of ['prompts', 'resources', 'vendor']) server.apply(step);
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['alpha']);
      expect(await client.callTool({ name: 'alpha', arguments: {} })).toMatchObject({ isError: false });
    }
  });

  it('stdio: a legacy session gets them on the connection', async () => {
    const server = createFakeServer(script());
    const pipes = stdioPipes(server);
    pipes.write(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } },
      }),
    );
    await pipes.next();
    pipes.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    server.apply('vendor');
    expect(await pipes.next()).toEqual([
      { jsonrpc: '2.0', method: 'notifications/x-vendor/heartbeat', params: { beat: 7 } },
    ]);
    pipes.stdio.close('drop');
  });

  it('naming notifications/tools/list_changed fails the step (emitListChanged owns it)', () => {
    const server = createFakeServer(script());
    expect(() => server.apply(emitNotification('notifications/tools/list_changed'))).toThrow(
      expect.objectContaining({ code: 'STEP_FAILED' }),
    );
  });
});
