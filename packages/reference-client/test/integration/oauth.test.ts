import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthTokens,
} from '@modelcontextprotocol/client';
import OAuth2Server, { Request as OAuthRequest, Response as OAuthResponse } from '@node-oauth/oauth2-server';
import { expireToken, scriptBuilder } from '@toolshift/fake-server';
import { describe, expect, it } from 'vitest';
import { DiscoveryHost } from '../../src/index.js';
import { requestsOf, tool } from './fake-endpoint.js';
import { testResources } from './test-resources.js';

/**
 * OAuth against a real authorization server built with `@node-oauth/oauth2-server` 5.3.0
 * (authorization code + PKCE S256, refresh tokens; the fake authorization server of issue 10 does
 * not exist yet) in front of the fake MCP server as the protected resource (RFC 9728 metadata,
 * 401 challenges). The SDK's auth provider runs the flow; the host re-discovers after it.
 */
const cleanup = testResources();
const REDIRECT = 'http://127.0.0.1:1/callback';
const CLIENT_ID = 'toolshift-host';

/** A small authorization server: RFC 8414 metadata, /authorize (auto-approves alice), /token. */
async function startAuthorizationServer() {
  const issued = { access: 0, refresh: 0 };
  const codes = new Map<string, Record<string, unknown>>();
  const tokens = new Map<string, Record<string, unknown>>();
  const client = { id: CLIENT_ID, redirectUris: [REDIRECT], grants: ['authorization_code', 'refresh_token'] };
  const oauth = new OAuth2Server({
    model: {
      getClient: async (id: string) => (id === CLIENT_ID ? client : false),
      saveAuthorizationCode: async (code: Record<string, unknown>, c: unknown, user: unknown) => {
        const saved = { ...code, client: c, user };
        codes.set(code.authorizationCode as string, saved);
        return saved;
      },
      getAuthorizationCode: async (code: string) => codes.get(code) ?? false,
      revokeAuthorizationCode: async (code: { authorizationCode: string }) =>
        codes.delete(code.authorizationCode),
      // Deterministic tokens, so the protected resource (the fake server's script) knows them.
      generateAccessToken: async () => `access-${++issued.access}`,
      generateRefreshToken: async () => `refresh-${++issued.refresh}`,
      saveToken: async (token: Record<string, unknown>, c: unknown, user: unknown) => {
        const saved = { ...token, client: c, user };
        tokens.set(token.accessToken as string, saved);
        if (token.refreshToken) tokens.set(token.refreshToken as string, saved);
        return saved;
      },
      getAccessToken: async (token: string) => tokens.get(token) ?? false,
      getRefreshToken: async (token: string) => tokens.get(token) ?? false,
      revokeToken: async (token: { refreshToken: string }) => tokens.delete(token.refreshToken),
      verifyScope: async () => true,
    } as never,
    allowEmptyState: true,
    requireClientAuthentication: { authorization_code: false, refresh_token: false },
  });
  const requests: string[] = [];
  const http = createServer(async (req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(`${req.method} ${url.pathname}`);
    const body = await new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      req.on('end', () => resolve(text));
    });
    const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    if (url.pathname.startsWith('/.well-known/oauth-authorization-server')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          response_types_supported: ['code'],
          grant_types_supported: ['authorization_code', 'refresh_token'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['none'],
        }),
      );
      return;
    }
    const request = new OAuthRequest({
      method: req.method ?? 'GET',
      headers: req.headers as Record<string, string>,
      query: Object.fromEntries(url.searchParams),
      body: Object.fromEntries(new URLSearchParams(body)),
    });
    const response = new OAuthResponse({});
    try {
      if (url.pathname === '/authorize') {
        await oauth.authorize(request, response, {
          authenticateHandler: { handle: () => ({ id: 'alice' }) },
        });
      } else if (url.pathname === '/token') {
        await oauth.token(request, response);
      } else {
        res.writeHead(404).end();
        return;
      }
    } catch {
      // The library has filled the response with the OAuth error.
    }
    res.writeHead(response.status ?? 200, response.headers as Record<string, string>);
    res.end(typeof response.body === 'string' ? response.body : JSON.stringify(response.body ?? {}));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  cleanup.push(
    () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(resolve);
      }),
  );
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, requests };
}

/** The SDK's `OAuthClientProvider`, as a host implements it: a pre-registered public client. */
class TestProvider implements OAuthClientProvider {
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;
  readonly redirectUrl = REDIRECT;
  readonly clientMetadata: OAuthClientMetadata = {
    redirect_uris: [REDIRECT],
    client_name: 'toolshift host',
    grant_types: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_method: 'none',
  };
  clientInformation(): OAuthClientInformationMixed {
    return { client_id: CLIENT_ID };
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** What a browser would do with the authorization URL: the server approves, the redirect carries the code. */
async function approve(url: URL): Promise<string> {
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!).searchParams.get('code')!;
}

describe('OAuth through the SDK auth provider (a real authorization server)', () => {
  it('authorization code + PKCE, re-discovery after authorization, and a refreshed token without the user', async () => {
    const as = await startAuthorizationServer();
    const fake = await cleanup.fake(
      scriptBuilder('protected')
        .tools(tool('search'))
        .auth({
          tokens: [
            { token: 'access-1', principal: 'alice' },
            { token: 'access-2', principal: 'alice' },
          ],
          authorizationServers: [as.url],
        })
        .step('expire-first', expireToken('access-1'))
        .build(),
    );
    const provider = new TestProvider();
    const host = new DiscoveryHost({
      clientInfo: { name: 'oauth-test', version: '1.0.0' },
      permissions: { defaultDecision: 'allow' },
    });
    cleanup.push(() => host.close());

    // No token yet: the SDK discovered the authorization server and sent the user there.
    const first = await host.addServer({
      serverId: 'srv',
      url: fake.url,
      era: 'modern',
      authProvider: provider,
      credentialProfileId: 'alice',
    });
    expect(first).toMatchObject({ state: 'authRequired', failure: { reason: 'authorization-required' } });
    const authorizationUrl = provider.authorizationUrl!;
    expect(authorizationUrl.origin).toBe(as.url);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The user approves; the host exchanges the code (with the PKCE verifier) and re-discovers.
    const code = await approve(authorizationUrl);
    const ready = await host.finishAuthorization('srv', code);
    expect(ready).toMatchObject({ state: expect.stringMatching(/^(ready|stale)$/), toolCount: 1 });
    expect(provider.saved).toMatchObject({ access_token: 'access-1', refresh_token: 'refresh-1' });
    const listings = requestsOf(fake.server.transcript.frames, 'tools/list');
    expect(listings.at(-1)!.principal).toBe('alice');

    // The access token expires at the resource: the SDK refreshes it, the user is not asked.
    fake.server.apply('expire-first');
    provider.authorizationUrl = undefined;
    const refreshed = await host.refresh('srv');
    expect(refreshed).toMatchObject({ toolCount: 1 });
    expect(refreshed.state).not.toBe('authRequired');
    expect(provider.saved).toMatchObject({ access_token: 'access-2' });
    expect(provider.authorizationUrl).toBeUndefined();
    expect(as.requests.filter((r) => r === 'POST /token')).toHaveLength(2); // code exchange, then refresh
    const result = await host.callTool({ serverId: 'srv', toolName: 'search', arguments: {} });
    expect(result.isError).not.toBe(true);
    expect(requestsOf(fake.server.transcript.frames, 'tools/call').at(-1)!.principal).toBe('alice');
  });
});
