import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthTokens,
} from '@modelcontextprotocol/client';
import { codeRedeemedOnce, type RunRecord, tokenForThisResource } from '@toolshift/assertions';
import { createFakeServer, scriptBuilder } from '@toolshift/fake-server';
import { type HttpTransport, startHttpTransport } from '@toolshift/fake-server/http';
import { DiscoveryHost } from '@toolshift/reference-client';
import { afterEach, describe, expect, test } from 'vitest';

/**
 * The reference client (through the SDK's auth provider) against the fake authorization server, judged
 * by the invariants the strict authorization server feeds (issue 27): it names this server as the
 * RFC 8707 resource in every request and redeems its code once. A client that redeems the code
 * again is failed by the same invariant over the same transcript, so the pass is not vacuous.
 */
const REDIRECT = 'http://127.0.0.1:1/callback';

class HostProvider implements OAuthClientProvider {
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
    return { client_id: 'host' };
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

describe('the reference client and the strict authorization server', () => {
  let http: HttpTransport | undefined;
  let host: DiscoveryHost | undefined;
  afterEach(async () => {
    await host?.close();
    await http?.close('drop');
  });

  test('passes auth.token-for-this-resource and auth.code-redeemed-once; a replayed code fails the latter', async () => {
    const server = createFakeServer(
      scriptBuilder('oauth-reference')
        .tools({ name: 'search', inputSchema: { type: 'object' } })
        .authorizationServer({
          users: [{ principal: 'alice', scopes: [] }],
          clients: [{ clientId: 'host', redirectUris: [REDIRECT] }],
        })
        .build(),
    );
    http = await startHttpTransport(server);
    const provider = new HostProvider();
    host = new DiscoveryHost({
      clientInfo: { name: 'oauth-invariants', version: '1.0.0' },
      permissions: { defaultDecision: 'allow' },
    });
    const first = await host.addServer({
      serverId: 'srv',
      url: http.url,
      era: 'modern',
      authProvider: provider,
    });
    expect(first.state).toBe('authRequired');
    const approved = await fetch(provider.authorizationUrl!, { redirect: 'manual' });
    const code = new URL(approved.headers.get('location')!).searchParams.get('code')!;
    expect(code).toMatch(/^code-/);
    expect(await host.finishAuthorization('srv', code)).toMatchObject({ toolCount: 1 });

    const record = (): RunRecord => ({
      era: 'modern',
      serverId: 'srv',
      transcript: server.transcript.frames,
      observations: [],
      finalCatalog: { catalogRevision: server.catalogRevision, tools: server.tools() },
    });
    expect(tokenForThisResource.check(record())).toMatchObject({ status: 'pass' });
    expect(codeRedeemedOnce.check(record())).toMatchObject({ status: 'pass' });

    // The same code replayed (as a broken client would): refused, the host's tokens revoked, failed.
    const replay = await fetch(new URL('/oauth/token', http.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: 'host',
        code,
        code_verifier: provider.verifier,
        redirect_uri: REDIRECT,
        resource: http.url,
      }),
    });
    expect(replay.status).toBe(400);
    expect(codeRedeemedOnce.check(record())).toMatchObject({ status: 'fail' });
    expect(server.authorizationServer()!.verify(provider.saved!.access_token, http.url)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });
});
