import {
  Client,
  ClientCredentialsProvider,
  type OAuthClientProvider,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import * as oauth from 'oauth4webapi';
import { afterEach, describe, expect, it } from 'vitest';
import { type HttpTransport, startHttpTransport } from '../../src/http.js';
import { createFakeServer, type FakeServer, scriptBuilder } from '../../src/index.js';

const tool = (name: string) => ({ name, inputSchema: { type: 'object' as const } });

const script = () =>
  scriptBuilder('oauth')
    .tools(tool('read_docs'), tool('share_doc'))
    .auth({ toolScopes: { share_doc: ['docs:write'] } })
    .authorizationServer({
      users: [{ principal: 'alice', scopes: ['docs:read', 'docs:write'] }],
      clients: [
        { clientId: 'public-app', redirectUris: ['http://127.0.0.1/callback'] },
        { clientId: 'robot', clientSecret: 'robot-secret', principal: 'robot', scopes: ['docs:read'] },
      ],
      accessTokenTtlMs: 60_000,
    })
    .step('revoke-alice', { action: 'revokeTokens', principal: 'alice' })
    .step('expire', { action: 'expireAccessTokens' })
    .build();

/** An in-memory SDK OAuth provider that "opens the browser" by following the redirect with fetch. */
class TestProvider implements OAuthClientProvider {
  code: string | undefined;
  private verifier = '';
  private info: Record<string, unknown> | undefined;
  private saved: Record<string, unknown> | undefined;
  readonly redirectUrl = 'http://127.0.0.1/callback';
  readonly clientMetadata = {
    client_name: 'toolshift test',
    redirect_uris: ['http://127.0.0.1/callback'],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
  clientInformation() {
    return this.info as never;
  }
  saveClientInformation(info: Record<string, unknown>) {
    this.info = info;
  }
  tokens() {
    return this.saved as never;
  }
  saveTokens(tokens: Record<string, unknown>) {
    this.saved = tokens;
  }
  async redirectToAuthorization(url: URL) {
    const response = await fetch(url, { redirect: 'manual' });
    this.code = new URL(response.headers.get('location') as string).searchParams.get('code') ?? undefined;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

describe('the fake authorization server', () => {
  let http: HttpTransport | undefined;
  const clients: Client[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
    await http?.close('drop');
  });
  const start = async (): Promise<{ server: FakeServer; url: string; issuer: string }> => {
    const server = createFakeServer(script());
    http = await startHttpTransport(server);
    return { server, url: http.url, issuer: new URL(http.url).origin };
  };

  it('publishes RFC 8414 metadata that RFC 9728 metadata points to', async () => {
    const { url, issuer } = await start();
    const resource = await (await fetch(`${issuer}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(resource).toMatchObject({ resource: url, authorization_servers: [issuer] });
    const discovered = await oauth.discoveryRequest(new URL(issuer), {
      algorithm: 'oauth2',
      [oauth.allowInsecureRequests]: true,
    });
    const metadata = await oauth.processDiscoveryResponse(new URL(issuer), discovered);
    expect(metadata).toMatchObject({
      issuer,
      token_endpoint: `${issuer}/oauth/token`,
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'client_credentials', 'refresh_token'],
    });
  });

  it('the MCP SDK client authorizes with PKCE and dynamic registration, then lists as the user it logged in', async () => {
    const { server, url } = await start();
    const provider = new TestProvider();
    const transport = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });
    const client = new Client({ name: 'oauth-test', version: '1' });
    clients.push(client);
    await expect(client.connect(transport)).rejects.toThrow();
    expect(provider.code).toMatch(/^code-/);
    await transport.finishAuth(provider.code as string);
    const again = new Client({ name: 'oauth-test', version: '1' });
    clients.push(again);
    await again.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: provider }));
    expect((await again.listTools()).tools.map((t) => t.name)).toEqual(['read_docs', 'share_doc']);
    const frames = server.transcript.frames;
    expect(frames.some((f) => f.direction === 'in' && f.principal === 'alice')).toBe(true);
    expect(frames.filter((f) => f.note?.startsWith('authorization server:')).map((f) => f.note)).toEqual([
      "authorization server: client 'client-1' registered (none)",
      "authorization server: authorization code issued to client 'client-1' for 'alice' [docs:read docs:write]",
      expect.stringMatching(/access token issued to 'alice' \[docs:read docs:write\] by authorization_code/),
    ]);
  });

  it('the SDK client credentials provider gets a token for its principal and scopes', async () => {
    const { server, url, issuer } = await start();
    const provider = new ClientCredentialsProvider({
      clientId: 'robot',
      clientSecret: 'robot-secret',
      expectedIssuer: issuer,
    });
    const client = new Client({ name: 'robot', version: '1' });
    clients.push(client);
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: provider }));
    // docs:read only: share_doc is hidden from this principal.
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['read_docs']);
    expect(server.transcript.frames.some((f) => f.direction === 'in' && f.principal === 'robot')).toBe(true);
  });

  it('refresh tokens rotate; reusing a rotated one revokes its family; expiry and revocation are scripted', async () => {
    const { server, url, issuer } = await start();
    const as = await oauth.processDiscoveryResponse(
      new URL(issuer),
      await oauth.discoveryRequest(new URL(issuer), {
        algorithm: 'oauth2',
        [oauth.allowInsecureRequests]: true,
      }),
    );
    const client: oauth.Client = { client_id: 'public-app' };
    const auth = oauth.None();
    const options = { [oauth.allowInsecureRequests]: true } as const;
    const verifier = oauth.generateRandomCodeVerifier();
    const authorizeUrl = new URL(as.authorization_endpoint as string);
    authorizeUrl.search = new URLSearchParams({
      client_id: 'public-app',
      redirect_uri: 'http://127.0.0.1/callback',
      response_type: 'code',
      scope: 'docs:read',
      state: 'st',
      resource: url,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    }).toString();
    const redirect = new URL(
      (await fetch(authorizeUrl, { redirect: 'manual' })).headers.get('location') as string,
    );
    const params = oauth.validateAuthResponse(as, client, redirect, 'st');
    const first = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(
        as,
        client,
        auth,
        params,
        'http://127.0.0.1/callback',
        verifier,
        options,
      ),
    );
    expect(first.scope).toBe('docs:read');
    const call = (token: string) =>
      fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/list',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/list',
          params: {
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientCapabilities': {},
            },
          },
        }),
      });
    expect((await call(first.access_token)).status).toBe(200);

    // Expiry on the logical clock: 401 invalid_token; the refresh rotates the refresh token.
    server.advanceClock(60_000);
    const expired = await call(first.access_token);
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const second = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, auth, first.refresh_token as string, options),
    );
    expect(second.refresh_token).toBeDefined();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await call(second.access_token)).status).toBe(200);

    // Reusing the rotated refresh token: invalid_grant, and the family (the new one too) is revoked.
    await expect(
      oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, auth, first.refresh_token as string, options),
      ),
    ).rejects.toThrow();
    await expect(
      oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, auth, second.refresh_token as string, options),
      ),
    ).rejects.toThrow();

    // A scripted revocation ends the access token at once.
    server.apply('revoke-alice');
    expect((await call(second.access_token)).status).toBe(401);
    expect(server.transcript.frames.some((f) => f.note?.includes('its family is revoked'))).toBe(true);
  });

  it('a token is bound to the resource it was issued for; another resource is invalid_target; a wrong PKCE verifier is invalid_grant', async () => {
    const { server, url, issuer } = await start();
    const challenge = await oauth.calculatePKCECodeChallenge('right-verifier-right-verifier-right-verifier');
    // The same server addressed as localhost: its protected resource is then http://localhost:<port>/mcp.
    const localIssuer = issuer.replace('127.0.0.1', 'localhost');
    const authorize = (at: string, resource: string) =>
      fetch(
        `${at}/oauth/authorize?${new URLSearchParams({
          client_id: 'public-app',
          redirect_uri: 'http://127.0.0.1/callback',
          response_type: 'code',
          resource,
          code_challenge: challenge,
          code_challenge_method: 'S256',
        })}`,
        { redirect: 'manual' },
      ).then((r) => new URL(r.headers.get('location') as string).searchParams);
    const token = (at: string, code: string, verifier: string) =>
      fetch(`${at}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: 'public-app',
          code,
          code_verifier: verifier,
          redirect_uri: 'http://127.0.0.1/callback',
        }),
      }).then((r) => r.json() as Promise<Record<string, string>>);
    expect(
      await token(
        issuer,
        (await authorize(issuer, url)).get('code')!,
        'wrong-verifier-wrong-verifier-wrong-verifier',
      ),
    ).toMatchObject({ error: 'invalid_grant' });
    expect((await authorize(issuer, 'https://elsewhere.example/mcp')).get('error')).toBe('invalid_target');
    const localUrl = url.replace('127.0.0.1', 'localhost');
    const local = await token(
      localIssuer,
      (await authorize(localIssuer, localUrl)).get('code')!,
      'right-verifier-right-verifier-right-verifier',
    );
    expect(local.access_token).toBeDefined();
    const call = (endpoint: string) =>
      fetch(endpoint, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${local.access_token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      }).then((r) => r.status);
    // Its audience is http://localhost:<port>/mcp: accepted there, refused at http://127.0.0.1:<port>/mcp.
    expect(await call(url)).toBe(401);
    expect(await call(localUrl)).not.toBe(401);
    // The token requests named no resource (the codes carried it): each is noted.
    expect(server.transcript.frames.filter((f) => f.clientMistake).map((f) => f.clientMistake)).toEqual([
      'oauth-wrong-resource',
      'oauth-no-resource',
    ]);
  });
});
