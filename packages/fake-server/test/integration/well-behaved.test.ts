import { describe, expect, it } from 'vitest';
import {
  addTool,
  emitListChanged,
  endStreams,
  expireSession,
  grantToken,
  removeTool,
  scriptBuilder,
  type TranscriptFrame,
} from '../../src/index.js';
import { MODERN_META, openLegacySession, openSse, postModern, useLoopback } from '../support/loopback.js';
import { SpecFrameValidator } from '../support/spec-frame-validator.js';

const tool = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  inputSchema: { type: 'object' as const },
  ...extra,
});

describe('well-behaved by default', () => {
  const fixture = useLoopback();
  const validator = new SpecFrameValidator();

  it('the frame validator can fail: it flags a modern tools/list result without ttlMs and a stray raw event', () => {
    const base = { tick: 0, catalogRevision: 1, transport: 'http' as const, streamId: 'post-1' };
    const frames: TranscriptFrame[] = [
      {
        ...base,
        seq: 1,
        direction: 'in',
        kind: 'message',
        era: 'modern',
        message: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} } as never,
      },
      {
        ...base,
        seq: 2,
        direction: 'out',
        kind: 'message',
        era: 'modern',
        message: {
          jsonrpc: '2.0',
          id: 1,
          result: { resultType: 'complete', tools: [], cacheScope: 'public' },
        } as never,
      },
      { ...base, seq: 3, direction: 'out', kind: 'message', era: 'legacy', raw: '{"jsonrpc":' },
    ];
    expect(validator.check(frames).map((v) => [v.seq, v.definition])).toEqual([
      [2, 'ListToolsResult'],
      [3, '(raw)'],
    ]);
  });

  it('a broad run without faults, in both eras, sends only frames that validate against the spec schema of their era', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('broad')
        .tools(
          tool('search', {
            title: 'Search',
            description: 'Find documents',
            annotations: { readOnlyHint: true },
            outputSchema: { type: 'object', properties: { hits: { type: 'integer' } }, required: ['hits'] },
          }),
          tool('share_doc'),
          tool('c'),
        )
        .pageSize(2, 'emptyString')
        .freshness({ pages: [{ page: 2, ttlMs: 0 }] })
        .streams({ eventIds: true, retryMs: 500 })
        .auth({
          required: false,
          tokens: [{ token: 'admin', principal: 'admin', scopes: ['docs:admin'] }],
          toolScopes: { share_doc: ['docs:admin'] },
          hiddenTools: 'hide-and-forbid',
          scopesSupported: ['docs:admin'],
        })
        .step('add', addTool(tool('d')))
        .step('rm', removeTool('c'))
        .step('emit', emitListChanged(2))
        .step('grant', grantToken({ token: 'admin-2', principal: 'admin', scopes: ['docs:admin'] }))
        .build(),
    );
    // Modern: discover, list all pages, call, errors, a listen stream with notifications and a graceful end.
    const modern = await fixture.connect(url, 'modern');
    await modern.listTools();
    await modern.callTool({ name: 'search', arguments: { q: 'x' } });
    const subscription = await modern.listen({ toolsListChanged: true, promptsListChanged: true });
    server.apply('add');
    server.apply('emit');
    await postModern(url, 'bad-cursor', 'tools/list', { cursor: 'nope' });
    await postModern(url, 'unknown', 'tools/call', { name: 'ghost', arguments: {} });
    await postModern(url, 'forbidden', 'tools/call', { name: 'share_doc', arguments: {} });
    await postModern(url, 'no-such-method', 'prompts/frobnicate');
    await postModern(url, 'mismatch', 'tools/list', {}, { 'mcp-method': 'tools/call' });
    await postModern(url, 'admin', 'tools/list', {}, { authorization: 'Bearer admin' });
    await postModern(url, 'expired', 'tools/list', {}, { authorization: 'Bearer forged' });
    await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/list',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 'old',
        method: 'tools/list',
        params: { _meta: { ...MODERN_META, 'io.modelcontextprotocol/protocolVersion': '1999-01-01' } },
      }),
    }).then((r) => r.text());
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":',
    }).then((r) => r.text());
    server.apply(endStreams('listen', 'graceful'));
    expect(await subscription.closed).toBe('graceful');

    // Legacy: SDK client and a raw session with a GET stream, event ids, replay, expiry.
    const legacy = await fixture.connect(url, 'legacy');
    await legacy.listTools();
    await legacy.callTool({ name: 'search', arguments: {} });
    const session = await openLegacySession(url);
    const get = await session.openGet();
    await get.next();
    server.apply('rm');
    const seen = await get.next();
    server.apply(endStreams('get', 'drop'));
    server.apply('emit');
    const resumed = await session.openGet({ 'last-event-id': seen.id as string });
    await resumed.next();
    await session.request(40, 'ping');
    await session.request(41, 'resources/list');
    const sse = await openSse(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': session.sessionId,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 42, method: 'tools/list' }),
    });
    await sse.ended;
    server.apply(expireSession());
    await session.request(43, 'tools/list');

    const frames = server.transcript.frames;
    const sent = frames.filter((f) => f.direction === 'out' && f.kind === 'message');
    expect(new Set(sent.map((f) => f.era))).toEqual(new Set(['legacy', 'modern']));
    expect(sent.length).toBeGreaterThan(30);
    expect(frames.some((f) => f.fault !== undefined)).toBe(false);
    expect(validator.check(frames)).toEqual([]);
  });
});
