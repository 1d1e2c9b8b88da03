import { describe, expect, it } from 'vitest';
import { scriptBuilder } from '../../src/index.js';
import { MODERN_META, openLegacySession, openSse, postModern, useLoopback } from '../support/loopback.js';

const tool = (name: string) => ({ name, inputSchema: { type: 'object' as const } });

const TOKENS = [
  { token: 'reader', principal: 'reader', scopes: [] },
  { token: 'admin', principal: 'admin', scopes: ['secret:read'] },
];

function listen(url: string, notifications: Record<string, unknown>) {
  return openSse(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'subscriptions/listen',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 'l-1',
      method: 'subscriptions/listen',
      params: { notifications, _meta: MODERN_META },
    }),
  });
}

const result = (reply: { json: Record<string, unknown> | undefined }) =>
  reply.json?.result as Record<string, unknown>;

describe('lists per principal, over HTTP', () => {
  const fixture = useLoopback();

  it('resources and prompts a principal lacks scopes for are hidden from its lists, which are then private', async () => {
    const { url } = await fixture.start(
      scriptBuilder('views')
        .tools(tool('alpha'))
        .resources({ uri: 'file:///public', name: 'public' }, { uri: 'file:///secret', name: 'secret' })
        .prompts({ name: 'open' }, { name: 'hidden' })
        .auth({
          tokens: TOKENS,
          resourceScopes: { 'file:///secret': ['secret:read'] },
          promptScopes: { hidden: ['secret:read'] },
        })
        .build(),
    );
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    const readerResources = await postModern(url, 1, 'resources/list', {}, as('reader'));
    expect((result(readerResources).resources as Array<{ uri: string }>).map((r) => r.uri)).toEqual([
      'file:///public',
    ]);
    expect(result(readerResources).cacheScope).toBe('private');
    const adminResources = await postModern(url, 2, 'resources/list', {}, as('admin'));
    expect((result(adminResources).resources as unknown[]).length).toBe(2);
    const readerPrompts = await postModern(url, 3, 'prompts/list', {}, as('reader'));
    expect((result(readerPrompts).prompts as Array<{ name: string }>).map((p) => p.name)).toEqual(['open']);
    // The tool list does not depend on the principal: it stays public.
    expect(result(await postModern(url, 4, 'tools/list', {}, as('reader'))).cacheScope).toBe('public');
    // Hidden means unknown: reading or getting it is not found.
    const read = await postModern(url, 5, 'resources/read', { uri: 'file:///secret' }, as('reader'));
    expect(read.json?.error).toMatchObject({ code: -32602, message: 'Resource not found: file:///secret' });
    const got = await postModern(url, 6, 'prompts/get', { name: 'hidden' }, as('reader'));
    expect(got.json?.error).toMatchObject({ code: -32602 });
    const adminRead = await postModern(url, 7, 'resources/read', { uri: 'file:///secret' }, as('admin'));
    expect(result(adminRead).contents).toEqual([{ uri: 'file:///secret', text: 'contents of secret' }]);
  });

  it('under hiddenTools: forbid, a resource or prompt is listed but using it is a 403 step-up', async () => {
    const { url } = await fixture.start(
      scriptBuilder('forbid')
        .resources({ uri: 'file:///secret', name: 'secret' })
        .prompts({ name: 'hidden' })
        .auth({
          tokens: TOKENS,
          hiddenTools: 'forbid',
          resourceScopes: { 'file:///secret': ['secret:read'] },
          promptScopes: { hidden: ['secret:read'] },
        })
        .build(),
    );
    const as = { authorization: 'Bearer reader' };
    expect((result(await postModern(url, 1, 'resources/list', {}, as)).resources as unknown[]).length).toBe(
      1,
    );
    const read = await postModern(url, 2, 'resources/read', { uri: 'file:///secret' }, as);
    expect(read.status).toBe(403);
    expect(read.headers.get('www-authenticate')).toContain('error="insufficient_scope", scope="secret:read"');
    const got = await postModern(url, 3, 'prompts/get', { name: 'hidden' }, as);
    expect(got.status).toBe(403);
  });

  it('a list the script does not serve is 404 + -32601 (modern) and -32601 (legacy); resources/read needs Mcp-Name', async () => {
    const { url } = await fixture.start(scriptBuilder('tools-only').tools(tool('alpha')).build());
    const modern = await postModern(url, 1, 'resources/list');
    expect(modern.status).toBe(404);
    expect(modern.json?.error).toMatchObject({ code: -32601 });
    const session = await openLegacySession(url);
    const legacy = await session.request(2, 'prompts/list');
    expect(legacy.json?.error).toMatchObject({ code: -32601, message: 'Method not found: prompts/list' });
    const { url: served } = await fixture.start(
      scriptBuilder('served').resources({ uri: 'file:///a', name: 'a' }).build(),
    );
    const unnamed = await postModern(
      served,
      3,
      'resources/read',
      { uri: 'file:///a' },
      { 'mcp-name': 'file:///b' },
    );
    expect(unnamed.status).toBe(400);
    expect(unnamed.json?.error).toMatchObject({ code: -32020 });
  });

  it('a listen ack carries exactly what the server honours of the filter', async () => {
    const { url } = await fixture.start(
      scriptBuilder('honour')
        .tools(tool('alpha'))
        .resources({ uri: 'file:///a', name: 'a' })
        .server({ promptsListChanged: false })
        .build(),
    );
    const everything = await listen(url, {
      toolsListChanged: true,
      resourcesListChanged: true,
      promptsListChanged: true,
      resourceSubscriptions: ['file:///a'],
    });
    const ack = JSON.parse((await everything.next()).data);
    // No prompts are served: promptsListChanged is left out; the rest is honoured.
    expect(ack.params.notifications).toEqual({
      toolsListChanged: true,
      resourcesListChanged: true,
      resourceSubscriptions: ['file:///a'],
    });
    everything.close();

    const { url: partial } = await fixture.start(
      scriptBuilder('partial')
        .resources({ uri: 'file:///a', name: 'a' })
        .listen({ honor: { resourceSubscriptions: false } })
        .build(),
    );
    const some = await listen(partial, { resourcesListChanged: true, resourceSubscriptions: ['file:///a'] });
    expect(JSON.parse((await some.next()).data).params.notifications).toEqual({ resourcesListChanged: true });
    some.close();
  });
});
