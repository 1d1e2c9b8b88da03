import {
  type AuthProvider,
  discoverOAuthProtectedResourceMetadata,
  extractWWWAuthenticateParams,
} from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import {
  type AuthSettings,
  addTool,
  expireToken,
  grantToken,
  scriptBuilder,
  setToolScopes,
} from '../../src/index.js';
import { MODERN_META, openSse, postModern, resultOf, useLoopback } from '../support/loopback.js';

const tool = (name: string) => ({ name, inputSchema: { type: 'object' as const } });

const AUTH: AuthSettings = {
  tokens: [
    { token: 'alice-token', principal: 'alice', scopes: ['tools:read', 'tools:call'] },
    { token: 'admin-token', principal: 'admin', scopes: ['tools:read', 'tools:call', 'docs:admin'] },
  ],
  challengeScopes: ['tools:read', 'tools:call'],
  scopesSupported: ['tools:read', 'tools:call', 'docs:admin'],
  authorizationServers: ['https://auth.example.test'],
  toolScopes: { share_doc: ['docs:admin'] },
};

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const staticToken = (token: string): AuthProvider => ({ token: async () => token });
const listNames = async (url: string, token: string) =>
  resultOf<{ tools: Array<{ name: string }> }>(
    await postModern(url, 1, 'tools/list', {}, bearer(token)),
  ).tools.map((t) => t.name);

describe('authorization', () => {
  const fixture = useLoopback();
  const docs = () => scriptBuilder('docs').tools(tool('read_doc'), tool('share_doc'));

  it('a request without a token gets 401 with a WWW-Authenticate challenge the SDK parses', async () => {
    const { url } = await fixture.start(docs().auth(AUTH).build());
    const reply = await postModern(url, 1, 'tools/list');
    expect(reply.status).toBe(401);
    const header = reply.headers.get('www-authenticate') as string;
    expect(header).toMatch(/^Bearer /);
    const params = extractWWWAuthenticateParams(
      new Response(null, { status: 401, headers: { 'www-authenticate': header } }),
    );
    expect(params.resourceMetadataUrl?.href).toBe(
      `${new URL(url).origin}/.well-known/oauth-protected-resource/mcp`,
    );
    expect(params.scope).toBe('tools:read tools:call');
    expect(reply.json).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32600 } });
  });

  it('serves RFC 9728 protected-resource metadata at the path-inserted and root well-known URIs', async () => {
    const { url } = await fixture.start(docs().auth(AUTH).build());
    const metadata = await discoverOAuthProtectedResourceMetadata(url);
    expect(metadata).toMatchObject({
      resource: url,
      authorization_servers: ['https://auth.example.test'],
      scopes_supported: ['tools:read', 'tools:call', 'docs:admin'],
      bearer_methods_supported: ['header'],
    });
    const root = await fetch(`${new URL(url).origin}/.well-known/oauth-protected-resource`);
    expect(await root.json()).toEqual(metadata);
    const { url: open } = await fixture.start(docs().build());
    expect((await fetch(`${new URL(open).origin}/.well-known/oauth-protected-resource/mcp`)).status).toBe(
      404,
    );
  });

  it('an unknown token gets 401 invalid_token', async () => {
    const { url } = await fixture.start(docs().auth(AUTH).build());
    const reply = await postModern(url, 1, 'tools/list', {}, bearer('forged'));
    expect(reply.status).toBe(401);
    expect(reply.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('per-principal catalogs: a scope reveals tools, the list is private, and frames carry the principal', async () => {
    const { url, server } = await fixture.start(docs().auth(AUTH).build());
    expect(await listNames(url, 'alice-token')).toEqual(['read_doc']);
    expect(await listNames(url, 'admin-token')).toEqual(['read_doc', 'share_doc']);
    const reply = await postModern(url, 2, 'tools/list', {}, bearer('alice-token'));
    expect(resultOf(reply).cacheScope).toBe('private');
    const principals = server.transcript.frames
      .filter((f) => f.direction !== 'server')
      .map((f) => f.principal);
    expect(new Set(principals)).toEqual(new Set(['alice', 'admin']));
  });

  it('the SDK client connects in both eras with a bearer token and sees its principal’s list', async () => {
    const { url } = await fixture.start(docs().auth(AUTH).build());
    for (const era of ['legacy', 'modern'] as const) {
      const client = await fixture.connect(url, era, {
        transport: { authProvider: staticToken('alice-token') },
      });
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['read_doc']);
    }
  });

  it('hiddenTools hide: calling a tool the principal cannot see is an unknown tool (-32602)', async () => {
    const { url } = await fixture.start(docs().auth(AUTH).build());
    const reply = await postModern(
      url,
      1,
      'tools/call',
      { name: 'share_doc', arguments: {} },
      bearer('alice-token'),
    );
    expect(reply.status).toBe(200);
    expect(reply.json?.error).toMatchObject({ code: -32602, message: 'Unknown tool: share_doc' });
  });

  it('hiddenTools forbid: the tool is listed and a call gets 403 insufficient_scope naming every needed scope; a stepped-up token succeeds', async () => {
    const { url, server } = await fixture.start(
      docs()
        .auth({ ...AUTH, hiddenTools: 'forbid', callScopes: ['tools:call'] })
        .step(
          'step-up',
          grantToken({
            token: 'alice-2',
            principal: 'alice',
            scopes: ['tools:read', 'tools:call', 'docs:admin'],
          }),
        )
        .build(),
    );
    expect(await listNames(url, 'alice-token')).toEqual(['read_doc', 'share_doc']);
    const denied = await postModern(
      url,
      1,
      'tools/call',
      { name: 'share_doc', arguments: {} },
      bearer('alice-token'),
    );
    expect(denied.status).toBe(403);
    const challenge = denied.headers.get('www-authenticate') as string;
    const params = extractWWWAuthenticateParams(
      new Response(null, { status: 403, headers: { 'www-authenticate': challenge } }),
    );
    expect(params).toMatchObject({ error: 'insufficient_scope', scope: 'tools:call docs:admin' });
    expect(params.resourceMetadataUrl).toBeDefined();
    server.apply('step-up');
    const allowed = await postModern(
      url,
      2,
      'tools/call',
      { name: 'share_doc', arguments: {} },
      bearer('alice-2'),
    );
    expect(resultOf(allowed)).toMatchObject({ isError: false });
  });

  it('hiddenTools hide-and-forbid: hidden from the list, yet a call gets 403 (§11.9)', async () => {
    const { url } = await fixture.start(
      docs()
        .auth({ ...AUTH, hiddenTools: 'hide-and-forbid' })
        .build(),
    );
    expect(await listNames(url, 'alice-token')).toEqual(['read_doc']);
    const denied = await postModern(
      url,
      1,
      'tools/call',
      { name: 'share_doc', arguments: {} },
      bearer('alice-token'),
    );
    expect(denied.status).toBe(403);
  });

  it('listScopes: tools/list itself answers 403 step-up until the principal holds them', async () => {
    const { url } = await fixture.start(
      docs()
        .auth({ ...AUTH, listScopes: ['docs:admin'] })
        .build(),
    );
    const denied = await postModern(url, 1, 'tools/list', {}, bearer('alice-token'));
    expect(denied.status).toBe(403);
    expect(denied.headers.get('www-authenticate')).toContain('scope="docs:admin"');
    expect(await listNames(url, 'admin-token')).toEqual(['read_doc', 'share_doc']);
  });

  it('a token expires mid-run on the logical clock, or by an expireToken step, and then gets 401 invalid_token', async () => {
    const { url, server } = await fixture.start(
      docs()
        .auth({
          ...AUTH,
          tokens: [...(AUTH.tokens ?? []), { token: 'short', principal: 'bob', expiresAtMs: 60_000 }],
        })
        .step('revoke', expireToken('alice-token'))
        .build(),
    );
    expect((await postModern(url, 1, 'tools/list', {}, bearer('short'))).status).toBe(200);
    server.advanceClock(60_000);
    const expired = await postModern(url, 2, 'tools/list', {}, bearer('short'));
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toContain('error_description="The access token expired"');
    server.apply('revoke');
    expect((await postModern(url, 3, 'tools/list', {}, bearer('alice-token'))).status).toBe(401);
  });

  it('a step-up that reveals tools can announce it: grantToken with notify sends list_changed', async () => {
    const { url, server } = await fixture.start(
      docs()
        .auth(AUTH)
        .step(
          'grant',
          grantToken({ token: 'alice-2', principal: 'alice', scopes: ['docs:admin'] }, { notify: true }),
        )
        .build(),
    );
    const client = await fixture.connect(url, 'modern', {
      transport: { authProvider: staticToken('alice-token') },
    });
    let changes = 0;
    client.setNotificationHandler('notifications/tools/list_changed', () => {
      changes += 1;
    });
    await client.listen({ toolsListChanged: true });
    server.apply('grant');
    await expect.poll(() => changes).toBe(1);
    expect(await listNames(url, 'alice-2')).toEqual(['read_doc', 'share_doc']);
  });

  it('notifications.audience affected: only subscribers whose visible list changed are notified (§11.6)', async () => {
    const { url, server } = await fixture.start(
      docs()
        .auth(AUTH)
        .notifications({ audience: 'affected' })
        .step('admin-only', addTool(tool('purge_docs')))
        .step('lock', setToolScopes('purge_docs', ['docs:admin']))
        .step('everyone', addTool(tool('search_docs')))
        .build(),
    );
    const listenAs = (token: string, id: string) =>
      openSse(url, {
        method: 'POST',
        headers: {
          ...bearer(token),
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'subscriptions/listen',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: 'subscriptions/listen',
          params: { notifications: { toolsListChanged: true }, _meta: MODERN_META },
        }),
      });
    server.apply('admin-only');
    server.apply('lock');
    const alice = await listenAs('alice-token', 'a');
    const admin = await listenAs('admin-token', 'b');
    await alice.next();
    await admin.next();
    server.apply(setToolScopes('purge_docs', []));
    server.apply(setToolScopes('purge_docs', ['docs:admin']));
    // Unlocking and relocking changed only alice's view; admin saw purge_docs all along.
    server.apply('everyone');
    const adminEvents = [await admin.next()];
    const aliceEvents = [await alice.next(), await alice.next(), await alice.next()];
    expect(aliceEvents.every((e) => e.data.includes('list_changed'))).toBe(true);
    expect(adminEvents.every((e) => e.data.includes('list_changed'))).toBe(true);
    const perStream = (id: string) =>
      server.transcript.frames.filter(
        (f) =>
          f.streamId === id &&
          (f.message as { method?: string } | undefined)?.method === 'notifications/tools/list_changed',
      ).length;
    expect([perStream('listen-1'), perStream('listen-2')]).toEqual([3, 1]);
  });

  it('transports without HTTP run as auth.localPrincipal and are never challenged', async () => {
    const { server } = await fixture.start(
      docs()
        .auth({ ...AUTH, localPrincipal: 'admin' })
        .build(),
    );
    const response = await server.handle({
      transport: 'in-memory',
      headers: {},
      connectionId: 'c1',
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: MODERN_META } }),
    });
    expect(response.status).toBe(200);
    const message =
      response.reply.kind === 'message' ? (response.reply.message as { result?: { tools: unknown[] } }) : {};
    expect(message.result?.tools).toHaveLength(2);
    expect(server.transcript.frames.at(-1)?.principal).toBe('admin');
  });
});
