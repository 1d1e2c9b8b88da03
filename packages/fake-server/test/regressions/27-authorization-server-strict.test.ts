// Regression (issue 27, S3 and S4): the fake authorization server issued codes and tokens for any
// RFC 8707 `resource`, so a client asking for a token for the wrong resource was never reported; and
// redeeming an authorization code a second time was refused but left the tokens issued from it
// working (RFC 6749 §4.1.2: they SHOULD be revoked). Now a resource other than the protected resource
// the server's metadata names is `invalid_target` at both endpoints, a reused code revokes every
// token issued from it (the MCP endpoint answers 401 to them), and each mistake is a transcript note
// carrying `clientMistake`, for `auth.*` invariants to judge.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, test } from 'vitest';
import { type HttpTransport, startHttpTransport } from '../../src/http.js';
import { createFakeServer, type FakeServer, scriptBuilder } from '../../src/index.js';

const VERIFIER = 'verifier-verifier-verifier-verifier-verifier-0123';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
const REDIRECT = 'http://127.0.0.1/callback';

const script = () =>
  scriptBuilder('strict-oauth')
    .tools({ name: 'read_docs', inputSchema: { type: 'object' } })
    .authorizationServer({
      users: [{ principal: 'alice', scopes: ['docs:read'] }],
      clients: [
        { clientId: 'app', redirectUris: [REDIRECT] },
        { clientId: 'robot', clientSecret: 'robot-secret', principal: 'robot', scopes: ['docs:read'] },
      ],
    })
    .build();

let http: HttpTransport | undefined;
let server: FakeServer;
afterEach(async () => {
  await http?.close('drop');
  http = undefined;
});

async function start(): Promise<{ url: string; issuer: string }> {
  server = createFakeServer(script());
  http = await startHttpTransport(server);
  return { url: http.url, issuer: new URL(http.url).origin };
}

/** GET /oauth/authorize; answers the redirect's query. */
async function authorize(
  issuer: string,
  resource: string | undefined,
  challenge = CHALLENGE,
): Promise<URLSearchParams> {
  const query = new URLSearchParams({
    client_id: 'app',
    redirect_uri: REDIRECT,
    response_type: 'code',
    state: 's',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...(resource !== undefined ? { resource } : {}),
  });
  const response = await fetch(`${issuer}/oauth/authorize?${query}`, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!).searchParams;
}

async function token(
  issuer: string,
  form: Record<string, string>,
): Promise<{ status: number; body: Record<string, string> }> {
  const response = await fetch(`${issuer}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

const exchange = (issuer: string, code: string, resource?: string) =>
  token(issuer, {
    grant_type: 'authorization_code',
    client_id: 'app',
    code,
    code_verifier: VERIFIER,
    redirect_uri: REDIRECT,
    ...(resource !== undefined ? { resource } : {}),
  });

/** Status of a modern tools/list with `accessToken`. */
async function list(url: string, accessToken: string): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${accessToken}`,
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
  await response.text();
  return response.status;
}

const mistakes = () =>
  server.transcript.frames
    .filter((frame) => frame.clientMistake !== undefined)
    .map((frame) => [frame.clientMistake, frame.note]);

describe('RFC 8707: a resource other than this server is invalid_target', () => {
  test('at the authorization endpoint: redirected back with error=invalid_target, no code, the mistake noted', async () => {
    const { issuer } = await start();
    const back = await authorize(issuer, 'https://elsewhere.example/mcp');
    expect(back.get('error')).toBe('invalid_target');
    expect(back.get('state')).toBe('s');
    expect(back.has('code')).toBe(false);
    expect(mistakes()).toEqual([
      [
        'oauth-wrong-resource',
        expect.stringContaining(
          "the client asked for a code for the wrong resource 'https://elsewhere.example/mcp'",
        ),
      ],
    ]);
  });

  test('at the token endpoint, for every grant; the right resource (a trailing slash aside) is served', async () => {
    const { url, issuer } = await start();
    const code = (await authorize(issuer, url)).get('code')!;
    const wrong = await exchange(issuer, code, 'https://elsewhere.example/mcp');
    expect(wrong).toMatchObject({ status: 400, body: { error: 'invalid_target' } });
    // The code was not spent on the refused request.
    const right = await exchange(issuer, code, `${url}/`);
    expect(right.status).toBe(200);
    expect(await list(url, right.body.access_token!)).toBe(200);
    const refreshed = await token(issuer, {
      grant_type: 'refresh_token',
      client_id: 'app',
      refresh_token: right.body.refresh_token!,
      resource: 'https://elsewhere.example/mcp',
    });
    expect(refreshed).toMatchObject({ status: 400, body: { error: 'invalid_target' } });
    const robot = await token(issuer, {
      grant_type: 'client_credentials',
      client_id: 'robot',
      client_secret: 'robot-secret',
      resource: 'http://127.0.0.1:1/mcp',
    });
    expect(robot).toMatchObject({ status: 400, body: { error: 'invalid_target' } });
    expect(mistakes().map(([kind]) => kind)).toEqual([
      'oauth-wrong-resource',
      'oauth-wrong-resource',
      'oauth-wrong-resource',
    ]);
  });

  test('a request that names no resource is served, and noted as a mistake (MCP clients MUST send it)', async () => {
    const { url, issuer } = await start();
    const code = (await authorize(issuer, undefined)).get('code')!;
    const tokens = await exchange(issuer, code);
    expect(tokens.status).toBe(200);
    expect(await list(url, tokens.body.access_token!)).toBe(200);
    expect(mistakes().map(([kind]) => kind)).toEqual(['oauth-no-resource', 'oauth-no-resource']);
  });
});

describe('RFC 6749 §4.1.2: a reused authorization code', () => {
  test('is refused, and every token issued from it is revoked: the MCP endpoint answers 401', async () => {
    const { url, issuer } = await start();
    const code = (await authorize(issuer, url)).get('code')!;
    const first = await exchange(issuer, code, url);
    expect(first.status).toBe(200);
    // A token refreshed from the code's grant is issued from it too.
    const refreshed = await token(issuer, {
      grant_type: 'refresh_token',
      client_id: 'app',
      refresh_token: first.body.refresh_token!,
      resource: url,
    });
    expect(refreshed.status).toBe(200);
    expect(await list(url, first.body.access_token!)).toBe(200);
    expect(await list(url, refreshed.body.access_token!)).toBe(200);

    const again = await exchange(issuer, code, url);
    expect(again).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await list(url, first.body.access_token!)).toBe(401);
    expect(await list(url, refreshed.body.access_token!)).toBe(401);
    const stillRefreshes = await token(issuer, {
      grant_type: 'refresh_token',
      client_id: 'app',
      refresh_token: (refreshed.body.refresh_token ?? first.body.refresh_token)!,
      resource: url,
    });
    expect(stillRefreshes).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(mistakes()).toEqual([
      [
        'oauth-code-reused',
        expect.stringContaining('the client redeemed an authorization code a second time'),
      ],
    ]);
  });
});

describe('RFC 7636 §4.2: an S256 code_challenge is the base64url SHA-256 of a verifier', () => {
  test('anything else (too short, padded, another alphabet) is invalid_request, with no code that could never be redeemed', async () => {
    const { issuer, url } = await start();
    for (const challenge of ['short', `${CHALLENGE}=`, CHALLENGE.replace(/.$/, '+')]) {
      const back = await authorize(issuer, url, challenge);
      expect(back.get('error'), challenge).toBe('invalid_request');
      expect(back.has('code'), challenge).toBe(false);
    }
    expect((await authorize(issuer, url)).has('code')).toBe(true);
  });
});
