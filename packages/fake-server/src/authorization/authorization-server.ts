import { createHash, randomBytes } from 'node:crypto';
import { type CryptoKey, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import type { Recorder } from '../transcript/recorder.js';
import type { IssuedTokens } from '../world/issued-tokens.js';
import type { LogicalClock } from '../world/logical-clock.js';
import type { Authentication } from '../world/principal.js';

/** A client the authorization server knows (pre-registered by the script, or registered at run time). */
export interface AuthorizationClient {
  clientId: string;
  /** Absent: a public client (PKCE, no secret). */
  clientSecret?: string;
  redirectUris?: readonly string[];
  /** For `client_credentials`: the principal the client's tokens stand for (default: its client id). */
  principal?: string;
  /** Scopes the client may get with `client_credentials` (default: every supported scope). */
  scopes?: readonly string[];
}

/** A user who can log in at the authorization endpoint, and the scopes they may grant. */
export interface AuthorizationUser {
  principal: string;
  scopes: readonly string[];
}

/** How the fake authorization server behaves (the script's `authorizationServer` section, defaults filled). */
export interface AuthorizationServerRules {
  clients: readonly AuthorizationClient[];
  users: readonly AuthorizationUser[];
  /** The user the authorization endpoint logs in without asking (default: the first user). */
  loginAs: string | undefined;
  /** Deny the next authorizations (`access_denied`). */
  deny: boolean;
  /** Access token lifetime on the logical clock, ms. */
  accessTokenTtlMs: number;
  /** Issue refresh tokens. */
  refreshTokens: boolean;
  /** A used refresh token is replaced (OAuth 2.1 for public clients); reusing an old one revokes its family. */
  rotateRefreshTokens: boolean;
  /** Accept RFC 7591 dynamic client registration. */
  dynamicRegistration: boolean;
  scopesSupported: readonly string[];
  /** A requested scope the user lacks: grant the rest (`grant-subset`) or refuse (`deny`, `invalid_scope`). */
  unavailableScope: 'grant-subset' | 'deny';
}

/** An HTTP answer of the authorization server: status, JSON body, or a redirect. */
export type AuthorizationAnswer =
  | { status: number; json: Record<string, unknown>; headers?: Record<string, string> }
  | { status: 302; location: string };

interface AccessRecord {
  principal: string;
  scopes: string[];
  clientId: string;
  resource: string | undefined;
  expiresAtMs: number;
  revoked: boolean;
}

interface RefreshRecord {
  family: string;
  principal: string;
  scopes: string[];
  clientId: string;
  resource: string | undefined;
  used: boolean;
  revoked: boolean;
}

interface CodeRecord {
  clientId: string;
  redirectUri: string;
  challenge: string;
  principal: string;
  scopes: string[];
  resource: string | undefined;
  expiresAtMs: number;
  used: boolean;
}

const CODE_TTL_MS = 600_000;

/**
 * A fake OAuth 2.1 authorization server for the fake MCP server (its resource server): RFC 8414
 * metadata, the authorization code grant with PKCE (S256; the user is logged in and consents
 * without a page), client credentials, refresh tokens with rotation and reuse detection, RFC 7591
 * dynamic registration, RFC 7009 revocation and a JWKS. Access tokens are JWTs signed with `jose`
 * (ES256) whose lifetime runs on the logical clock; the resource server checks them here
 * (signature-equivalent lookup, audience, expiry, revocation), so a script can expire or revoke
 * them at a chosen moment. Every grant is recorded as a transcript note (never a token).
 * @see ../shared/spec/mcp-discovery-spec.md §6
 */
export class AuthorizationServer implements IssuedTokens {
  private readonly clients = new Map<string, AuthorizationClient>();
  private readonly codes = new Map<string, CodeRecord>();
  private readonly accessTokens = new Map<string, AccessRecord>();
  private readonly refreshTokens = new Map<string, RefreshRecord>();
  private keys: Promise<{ privateKey: CryptoKey; jwk: JWK }> | undefined;
  private counter = 0;

  constructor(
    private readonly rules: AuthorizationServerRules,
    private readonly clock: LogicalClock,
    private readonly recorder: Recorder,
  ) {
    for (const client of rules.clients) this.clients.set(client.clientId, client);
  }

  /** The RFC 8414 metadata document for `issuer` (the server's origin, e.g. `http://127.0.0.1:5`). */
  metadata(issuer: string): Record<string, unknown> {
    return {
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      ...(this.rules.dynamicRegistration ? { registration_endpoint: `${issuer}/oauth/register` } : {}),
      revocation_endpoint: `${issuer}/oauth/revoke`,
      jwks_uri: `${issuer}/oauth/jwks`,
      response_types_supported: ['code'],
      grant_types_supported: [
        'authorization_code',
        'client_credentials',
        ...(this.rules.refreshTokens ? ['refresh_token'] : []),
      ],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'client_secret_basic'],
      scopes_supported: [...this.rules.scopesSupported],
    };
  }

  /** The JWKS with the public key that signs access tokens. */
  async jwks(): Promise<Record<string, unknown>> {
    const { jwk } = await this.signingKey();
    return { keys: [jwk] };
  }

  /**
   * The authorization endpoint (GET): checks the client, redirect URI and PKCE challenge, logs the
   * configured user in, and redirects back with a code (or `error=access_denied` / `invalid_scope`).
   */
  authorize(query: URLSearchParams): AuthorizationAnswer {
    const clientId = query.get('client_id') ?? '';
    const client = this.clients.get(clientId);
    const redirectUri = query.get('redirect_uri') ?? client?.redirectUris?.[0] ?? '';
    if (!client) return badRequest('invalid_client', `unknown client_id '${clientId}'`);
    if (!redirectUri || (client.redirectUris && !client.redirectUris.includes(redirectUri)))
      return badRequest('invalid_request', 'redirect_uri is missing or not registered for this client');
    const back = (params: Record<string, string>): AuthorizationAnswer => {
      const url = new URL(redirectUri);
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      const state = query.get('state');
      if (state !== null) url.searchParams.set('state', state);
      return { status: 302, location: url.toString() };
    };
    if (query.get('response_type') !== 'code')
      return back({ error: 'unsupported_response_type', error_description: 'only code is supported' });
    const challenge = query.get('code_challenge');
    if (!challenge || query.get('code_challenge_method') !== 'S256')
      return back({ error: 'invalid_request', error_description: 'PKCE with S256 is required' });
    const user =
      this.rules.users.find((candidate) => candidate.principal === this.rules.loginAs) ?? this.rules.users[0];
    if (this.rules.deny || !user) {
      this.note(`authorization denied to client '${clientId}'`);
      return back({ error: 'access_denied', error_description: 'the user denied the request' });
    }
    const scopes = this.grantable(query.get('scope'), user.scopes);
    if (!scopes.ok) return back({ error: 'invalid_scope', error_description: scopes.reason });
    const code = this.secret('code');
    this.codes.set(code, {
      clientId,
      redirectUri,
      challenge,
      principal: user.principal,
      scopes: scopes.scopes,
      resource: query.get('resource') ?? undefined,
      expiresAtMs: this.clock.now() + CODE_TTL_MS,
      used: false,
    });
    this.note(
      `authorization code issued to client '${clientId}' for '${user.principal}' [${scopes.scopes.join(' ')}]`,
    );
    return back({ code });
  }

  /** The token endpoint (POST, form-encoded): authorization_code (+ PKCE), client_credentials, refresh_token. */
  async token(form: URLSearchParams, authorization: string | undefined): Promise<AuthorizationAnswer> {
    const client = this.authenticateClient(form, authorization);
    if (!client.ok) return client.answer;
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') return this.exchangeCode(form, client.client);
    if (grant === 'client_credentials') {
      if (!client.client.clientSecret)
        return badRequest('unauthorized_client', 'client_credentials needs a confidential client');
      const allowed = client.client.scopes ?? this.rules.scopesSupported;
      const scopes = this.grantable(form.get('scope'), allowed);
      if (!scopes.ok) return badRequest('invalid_scope', scopes.reason);
      const principal = client.client.principal ?? client.client.clientId;
      return this.issue(
        principal,
        scopes.scopes,
        client.client.clientId,
        form.get('resource') ?? undefined,
        'client_credentials',
        false,
      );
    }
    if (grant === 'refresh_token' && this.rules.refreshTokens) return this.refresh(form, client.client);
    return badRequest('unsupported_grant_type', `grant_type '${grant ?? ''}' is not supported`);
  }

  /** RFC 7591 dynamic client registration: a public client unless it asks for a secret. */
  register(metadata: Record<string, unknown>): AuthorizationAnswer {
    if (!this.rules.dynamicRegistration) return { status: 404, json: { error: 'not_found' } };
    const redirectUris = metadata.redirect_uris;
    if (!Array.isArray(redirectUris) || redirectUris.some((uri) => typeof uri !== 'string'))
      return badRequest('invalid_redirect_uri', 'redirect_uris must be an array of URIs');
    const method = metadata.token_endpoint_auth_method ?? 'none';
    const clientId = `client-${++this.counter}`;
    const client: AuthorizationClient = {
      clientId,
      redirectUris: redirectUris as string[],
      ...(method === 'none' ? {} : { clientSecret: this.secret('secret') }),
    };
    this.clients.set(clientId, client);
    this.note(`client '${clientId}' registered (${method})`);
    return {
      status: 201,
      json: {
        ...metadata,
        client_id: clientId,
        ...(client.clientSecret ? { client_secret: client.clientSecret } : {}),
        client_id_issued_at: Math.floor(Date.now() / 1000),
        token_endpoint_auth_method: method,
      },
    };
  }

  /** RFC 7009 revocation: the token (access or refresh) stops working; unknown tokens are fine (200). */
  revokeToken(form: URLSearchParams): AuthorizationAnswer {
    const token = form.get('token') ?? '';
    const access = this.accessTokens.get(token);
    if (access) access.revoked = true;
    const refresh = this.refreshTokens.get(token);
    if (refresh) refresh.revoked = true;
    if (access || refresh)
      this.note(
        `a${access ? 'n access' : ' refresh'} token of '${(access ?? refresh)?.principal}' was revoked by the client`,
      );
    return { status: 200, json: {} };
  }

  verify(token: string, resource: string | undefined): Authentication | undefined {
    const record = this.accessTokens.get(token);
    if (!record) return undefined;
    if (record.revoked) return { ok: false, reason: 'invalid' };
    if (record.resource !== undefined && resource !== undefined && !sameResource(record.resource, resource))
      return { ok: false, reason: 'invalid' };
    if (this.clock.now() >= record.expiresAtMs) return { ok: false, reason: 'expired' };
    return { ok: true, principal: { id: record.principal, scopes: record.scopes } };
  }

  revoke(filter: { principal?: string; kind: 'access' | 'refresh' | 'all' }): number {
    let count = 0;
    const matches = (record: { principal: string; revoked: boolean }) =>
      !record.revoked && (filter.principal === undefined || record.principal === filter.principal);
    const records = [
      ...(filter.kind === 'refresh' ? [] : this.accessTokens.values()),
      ...(filter.kind === 'access' ? [] : this.refreshTokens.values()),
    ];
    for (const record of records) {
      if (!matches(record)) continue;
      record.revoked = true;
      count++;
    }
    return count;
  }

  expire(filter: { principal?: string }): number {
    let count = 0;
    const now = this.clock.now();
    for (const record of this.accessTokens.values()) {
      if (filter.principal !== undefined && record.principal !== filter.principal) continue;
      if (record.revoked || record.expiresAtMs <= now) continue;
      record.expiresAtMs = now;
      count += 1;
    }
    return count;
  }

  configure(patch: { loginAs?: string; deny?: boolean; accessTokenTtlMs?: number }): void {
    const rules = this.rules as {
      -readonly [K in keyof AuthorizationServerRules]: AuthorizationServerRules[K];
    };
    if (patch.loginAs !== undefined) rules.loginAs = patch.loginAs;
    if (patch.deny !== undefined) rules.deny = patch.deny;
    if (patch.accessTokenTtlMs !== undefined) rules.accessTokenTtlMs = patch.accessTokenTtlMs;
  }

  private async exchangeCode(
    form: URLSearchParams,
    client: AuthorizationClient,
  ): Promise<AuthorizationAnswer> {
    const code = this.codes.get(form.get('code') ?? '');
    if (!code || code.used || code.clientId !== client.clientId || this.clock.now() >= code.expiresAtMs)
      return badRequest(
        'invalid_grant',
        'the authorization code is unknown, used, expired or not this client’s',
      );
    if ((form.get('redirect_uri') ?? code.redirectUri) !== code.redirectUri)
      return badRequest('invalid_grant', 'redirect_uri differs from the authorization request');
    const verifier = form.get('code_verifier') ?? '';
    if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge)
      return badRequest('invalid_grant', 'the code_verifier does not match the code_challenge (PKCE)');
    code.used = true;
    return this.issue(
      code.principal,
      code.scopes,
      client.clientId,
      form.get('resource') ?? code.resource,
      'authorization_code',
      this.rules.refreshTokens,
    );
  }

  private async refresh(form: URLSearchParams, client: AuthorizationClient): Promise<AuthorizationAnswer> {
    const token = form.get('refresh_token') ?? '';
    const record = this.refreshTokens.get(token);
    if (!record || record.revoked || record.clientId !== client.clientId)
      return badRequest('invalid_grant', 'the refresh token is unknown, revoked or not this client’s');
    if (record.used) {
      // Reuse of a rotated refresh token: someone else may hold it. Revoke the whole family.
      for (const other of this.refreshTokens.values())
        if (other.family === record.family) other.revoked = true;
      this.note(`a rotated refresh token of '${record.principal}' was used again: its family is revoked`);
      return badRequest('invalid_grant', 'the refresh token was already used');
    }
    const scopes = form.get('scope')
      ? this.grantable(form.get('scope'), record.scopes)
      : { ok: true as const, scopes: record.scopes };
    if (!scopes.ok) return badRequest('invalid_scope', scopes.reason);
    if (this.rules.rotateRefreshTokens) record.used = true;
    return this.issue(
      record.principal,
      scopes.scopes,
      client.clientId,
      record.resource,
      'refresh_token',
      this.rules.rotateRefreshTokens,
      record.family,
      this.rules.rotateRefreshTokens ? undefined : token,
    );
  }

  private async issue(
    principal: string,
    scopes: string[],
    clientId: string,
    resource: string | undefined,
    grant: string,
    withRefresh: boolean,
    family?: string,
    keptRefresh?: string,
  ): Promise<AuthorizationAnswer> {
    const { privateKey } = await this.signingKey();
    const jti = this.secret('jti');
    const ttlMs = this.rules.accessTokenTtlMs;
    let jwt = new SignJWT({ scope: scopes.join(' '), client_id: clientId })
      .setProtectedHeader({ alg: 'ES256', kid: 'toolshift-1', typ: 'at+jwt' })
      .setSubject(principal)
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(`${Math.max(1, Math.ceil(ttlMs / 1000))}s`);
    if (resource !== undefined) jwt = jwt.setAudience(resource);
    const accessToken = await jwt.sign(privateKey);
    this.accessTokens.set(accessToken, {
      principal,
      scopes,
      clientId,
      resource,
      expiresAtMs: this.clock.now() + ttlMs,
      revoked: false,
    });
    let refreshToken = keptRefresh;
    if (withRefresh && !refreshToken) {
      refreshToken = this.secret('refresh');
      this.refreshTokens.set(refreshToken, {
        family: family ?? this.secret('family'),
        principal,
        scopes,
        clientId,
        resource,
        used: false,
        revoked: false,
      });
    }
    this.note(
      `access token issued to '${principal}' [${scopes.join(' ')}] by ${grant}${grant === 'refresh_token' && withRefresh ? ' (refresh token rotated)' : ''}, valid ${ttlMs} ms of logical time`,
    );
    return {
      status: 200,
      headers: { 'Cache-Control': 'no-store' },
      json: {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: Math.max(1, Math.ceil(ttlMs / 1000)),
        scope: scopes.join(' '),
        ...(refreshToken ? { refresh_token: refreshToken } : {}),
      },
    };
  }

  private authenticateClient(
    form: URLSearchParams,
    authorization: string | undefined,
  ): { ok: true; client: AuthorizationClient } | { ok: false; answer: AuthorizationAnswer } {
    let clientId = form.get('client_id') ?? undefined;
    let secret = form.get('client_secret') ?? undefined;
    const basic = authorization ? /^Basic\s+(\S+)$/i.exec(authorization) : null;
    if (basic) {
      const [id, pass] = Buffer.from(basic[1] ?? '', 'base64')
        .toString('utf8')
        .split(':');
      clientId = decodeURIComponent(id ?? '');
      secret = decodeURIComponent(pass ?? '');
    }
    const client = clientId === undefined ? undefined : this.clients.get(clientId);
    const refuse = (reason: string) => ({
      ok: false as const,
      answer: {
        status: 401,
        json: { error: 'invalid_client', error_description: reason },
        headers: { 'WWW-Authenticate': 'Basic realm="toolshift"' },
      },
    });
    if (!client) return refuse(`unknown client '${clientId ?? ''}'`);
    if (client.clientSecret !== undefined && client.clientSecret !== secret)
      return refuse('wrong client secret');
    return { ok: true, client };
  }

  /** The scopes to grant of `requested` (space-separated; none asked: everything allowed). */
  private grantable(
    requested: string | null,
    allowed: readonly string[],
  ): { ok: true; scopes: string[] } | { ok: false; reason: string } {
    const asked = requested ? requested.split(' ').filter((scope) => scope !== '') : [...allowed];
    const missing = asked.filter((scope) => !allowed.includes(scope));
    if (missing.length > 0 && this.rules.unavailableScope === 'deny')
      return { ok: false, reason: `not allowed: ${missing.join(' ')}` };
    return { ok: true, scopes: asked.filter((scope) => allowed.includes(scope)) };
  }

  private signingKey(): Promise<{ privateKey: CryptoKey; jwk: JWK }> {
    this.keys ??= generateKeyPair('ES256').then(async ({ privateKey, publicKey }) => ({
      privateKey,
      jwk: { ...(await exportJWK(publicKey)), kid: 'toolshift-1', alg: 'ES256', use: 'sig' },
    }));
    return this.keys;
  }

  private secret(kind: string): string {
    return `${kind}-${randomBytes(18).toString('base64url')}`;
  }

  private note(text: string): void {
    this.recorder.note(`authorization server: ${text}`, { transport: 'http', streamId: 'auth' });
  }
}

function badRequest(error: string, description: string): AuthorizationAnswer {
  return {
    status: 400,
    json: { error, error_description: description },
    headers: { 'Cache-Control': 'no-store' },
  };
}

/** Whether a token's audience is this resource (scheme, host, port and path; a trailing slash aside). */
function sameResource(audience: string, resource: string): boolean {
  const trim = (value: string) => value.replace(/\/+$/, '');
  return trim(audience) === trim(resource);
}
