import { createHash, randomBytes } from 'node:crypto';
import type { Recorder } from '../transcript/recorder.js';
import type { ClientMistake } from '../transcript/transcript-frame.js';
import type { IssuedTokens } from '../world/issued-tokens.js';
import type { LogicalClock } from '../world/logical-clock.js';
import type { Authentication } from '../world/principal.js';
import { type AuthorizationAnswer, badRequest } from './authorization-answer.js';
import { AuthorizationCodes } from './authorization-codes.js';
import type { AuthorizationClient, AuthorizationServerRules } from './authorization-rules.js';
import { ClientRegistry } from './client-registry.js';
import { indicatedResource } from './resource-indicator.js';
import { grantableScopes } from './scope-grant.js';
import { SigningKey } from './signing-key.js';
import { TokenLedger } from './token-ledger.js';

/** An S256 `code_challenge`: base64url without padding of a 32-byte digest (RFC 7636 §4.2). */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/**
 * A fake OAuth 2.1 authorization server for the fake MCP server (its resource server): RFC 8414
 * metadata, the authorization code grant with PKCE (S256; the user is logged in and consents
 * without a page), client credentials, refresh tokens with rotation and reuse detection, RFC 7591
 * dynamic registration, RFC 7009 revocation and a JWKS. Access tokens are JWTs signed with `jose`
 * (ES256) whose lifetime runs on the logical clock; the resource server checks them here
 * (signature-equivalent lookup, audience, expiry, revocation), so a script can expire or revoke
 * them at a chosen moment. It is strict where a client can go wrong: an RFC 8707 `resource` other
 * than the protected resource is `invalid_target` at both endpoints, and a reused authorization
 * code is refused and revokes every token issued from it (RFC 6749 §4.1.2). Every grant is recorded
 * as a transcript note (never a token); a client mistake as a note with `clientMistake`.
 * @see ../shared/spec/mcp-discovery-spec.md §6
 */
export class AuthorizationServer implements IssuedTokens {
  private readonly clients: ClientRegistry;
  private readonly codes: AuthorizationCodes;
  private readonly key = new SigningKey();
  private readonly tokens: TokenLedger;

  constructor(
    private readonly rules: AuthorizationServerRules,
    clock: LogicalClock,
    private readonly recorder: Recorder,
  ) {
    const secret = (kind: string) => `${kind}-${randomBytes(18).toString('base64url')}`;
    this.clients = new ClientRegistry(rules.clients, secret);
    this.codes = new AuthorizationCodes(clock, secret);
    this.tokens = new TokenLedger(clock, this.key, secret);
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
    const { jwk } = await this.key.get();
    return { keys: [jwk] };
  }

  /**
   * The authorization endpoint (GET): checks the client, redirect URI, PKCE challenge and RFC 8707
   * `resource`, logs the configured user in, and redirects back with a code (or `error=`
   * `unsupported_response_type`, `invalid_request`, `invalid_target`, `access_denied`, `invalid_scope`).
   * @param protectedResource the resource this server protects (its RFC 9728 metadata's `resource`).
   */
  authorize(query: URLSearchParams, protectedResource: string): AuthorizationAnswer {
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
    // RFC 7636 §4.2: an S256 challenge is BASE64URL(SHA-256(verifier)), 43 characters; any other
    // value could never match a verifier, so the code would be issued only to fail at the token endpoint.
    if (!S256_CHALLENGE.test(challenge)) {
      this.note(`client '${clientId}' sent a code_challenge that is not an S256 challenge: refused`);
      return back({
        error: 'invalid_request',
        error_description:
          'code_challenge must be the base64url SHA-256 of the code_verifier (43 characters)',
      });
    }
    const resource = this.checkResource(query.getAll('resource'), protectedResource, 'a code', clientId);
    if (!resource.ok) return back(resource.error);
    const user =
      this.rules.users.find((candidate) => candidate.principal === this.rules.loginAs) ?? this.rules.users[0];
    if (this.rules.deny || !user) {
      this.note(`authorization denied to client '${clientId}'`);
      return back({ error: 'access_denied', error_description: 'the user denied the request' });
    }
    const scopes = grantableScopes(query.get('scope'), user.scopes, this.rules.unavailableScope);
    if (!scopes.ok) return back({ error: 'invalid_scope', error_description: scopes.reason });
    const code = this.codes.issue({
      clientId,
      redirectUri,
      challenge,
      principal: user.principal,
      scopes: scopes.scopes,
      resource: resource.resource,
    });
    this.note(
      `authorization code issued to client '${clientId}' for '${user.principal}' [${scopes.scopes.join(' ')}]`,
    );
    return back({ code });
  }

  /**
   * The token endpoint (POST, form-encoded): authorization_code (+ PKCE), client_credentials,
   * refresh_token. A `resource` other than `protectedResource` is 400 `invalid_target`.
   * @param protectedResource the resource this server protects (its RFC 9728 metadata's `resource`).
   */
  async token(
    form: URLSearchParams,
    authorization: string | undefined,
    protectedResource: string,
  ): Promise<AuthorizationAnswer> {
    const client = this.clients.authenticate(form, authorization);
    if (!client.ok) return client.answer;
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') return this.exchangeCode(form, client.client, protectedResource);
    if (grant === 'client_credentials') {
      if (!client.client.clientSecret)
        return badRequest('unauthorized_client', 'client_credentials needs a confidential client');
      const allowed = client.client.scopes ?? this.rules.scopesSupported;
      const scopes = grantableScopes(form.get('scope'), allowed, this.rules.unavailableScope);
      if (!scopes.ok) return badRequest('invalid_scope', scopes.reason);
      const resource = this.checkResource(
        form.getAll('resource'),
        protectedResource,
        'a token',
        client.client.clientId,
      );
      if (!resource.ok) return badRequest(resource.error.error, resource.error.error_description);
      const principal = client.client.principal ?? client.client.clientId;
      return this.issue(
        principal,
        scopes.scopes,
        client.client.clientId,
        resource.resource,
        'client_credentials',
        {
          withRefresh: false,
        },
      );
    }
    if (grant === 'refresh_token' && this.rules.refreshTokens)
      return this.refresh(form, client.client, protectedResource);
    return badRequest('unsupported_grant_type', `grant_type '${grant ?? ''}' is not supported`);
  }

  /** RFC 7591 dynamic client registration: a public client unless it asks for a secret. */
  register(metadata: Record<string, unknown>): AuthorizationAnswer {
    if (!this.rules.dynamicRegistration) return { status: 404, json: { error: 'not_found' } };
    const { answer, registered } = this.clients.register(metadata);
    if (registered) this.note(`client '${registered.clientId}' registered (${registered.method})`);
    return answer;
  }

  /** RFC 7009 revocation: the token (access or refresh) stops working; unknown tokens are fine (200). */
  revokeToken(form: URLSearchParams): AuthorizationAnswer {
    const revoked = this.tokens.revokeToken(form.get('token') ?? '');
    if (revoked)
      this.note(
        `a${revoked.kind === 'access' ? 'n access' : ' refresh'} token of '${revoked.principal}' was revoked by the client`,
      );
    return { status: 200, json: {} };
  }

  verify(token: string, resource: string | undefined): Authentication | undefined {
    return this.tokens.verify(token, resource);
  }

  revoke(filter: { principal?: string; kind: 'access' | 'refresh' | 'all' }): number {
    return this.tokens.revoke(filter);
  }

  expire(filter: { principal?: string }): number {
    return this.tokens.expire(filter);
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
    protectedResource: string,
  ): Promise<AuthorizationAnswer> {
    const code = this.codes.find(form.get('code') ?? '');
    if (code?.used) {
      // RFC 6749 §4.1.2: deny, and revoke every token issued from the code (someone else may hold it).
      const revoked = this.tokens.revokeFamily(code.family, { access: true });
      this.mistake(
        'oauth-code-reused',
        `the client redeemed an authorization code a second time (client '${client.clientId}'): refused, and the ${revoked} token(s) issued from it revoked`,
      );
      return badRequest('invalid_grant', 'the authorization code was already used');
    }
    if (!code || code.clientId !== client.clientId || this.codes.expired(code))
      return badRequest(
        'invalid_grant',
        'the authorization code is unknown, used, expired or not this client’s',
      );
    if ((form.get('redirect_uri') ?? code.redirectUri) !== code.redirectUri)
      return badRequest('invalid_grant', 'redirect_uri differs from the authorization request');
    const verifier = form.get('code_verifier') ?? '';
    if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge)
      return badRequest('invalid_grant', 'the code_verifier does not match the code_challenge (PKCE)');
    const resource = this.checkResource(
      form.getAll('resource'),
      protectedResource,
      'a token',
      client.clientId,
    );
    if (!resource.ok) return badRequest(resource.error.error, resource.error.error_description);
    code.used = true;
    return this.issue(
      code.principal,
      code.scopes,
      client.clientId,
      resource.resource ?? code.resource,
      'authorization_code',
      { withRefresh: this.rules.refreshTokens, family: code.family },
    );
  }

  private async refresh(
    form: URLSearchParams,
    client: AuthorizationClient,
    protectedResource: string,
  ): Promise<AuthorizationAnswer> {
    const token = form.get('refresh_token') ?? '';
    const record = this.tokens.refreshRecord(token);
    if (!record || record.revoked || record.clientId !== client.clientId)
      return badRequest('invalid_grant', 'the refresh token is unknown, revoked or not this client’s');
    if (record.used) {
      // Reuse of a rotated refresh token: someone else may hold it. Revoke the whole family.
      this.tokens.revokeFamily(record.family, { access: false });
      this.note(`a rotated refresh token of '${record.principal}' was used again: its family is revoked`);
      return badRequest('invalid_grant', 'the refresh token was already used');
    }
    const scopes = form.get('scope')
      ? grantableScopes(form.get('scope'), record.scopes, this.rules.unavailableScope)
      : { ok: true as const, scopes: record.scopes };
    if (!scopes.ok) return badRequest('invalid_scope', scopes.reason);
    const resource = this.checkResource(
      form.getAll('resource'),
      protectedResource,
      'a token',
      client.clientId,
    );
    if (!resource.ok) return badRequest(resource.error.error, resource.error.error_description);
    if (this.rules.rotateRefreshTokens) record.used = true;
    return this.issue(record.principal, scopes.scopes, client.clientId, record.resource, 'refresh_token', {
      withRefresh: this.rules.rotateRefreshTokens,
      family: record.family,
      ...(this.rules.rotateRefreshTokens ? {} : { keptRefresh: token }),
    });
  }

  private async issue(
    principal: string,
    scopes: string[],
    clientId: string,
    resource: string | undefined,
    grant: string,
    refresh: { withRefresh: boolean; family?: string; keptRefresh?: string },
  ): Promise<AuthorizationAnswer> {
    const ttlMs = this.rules.accessTokenTtlMs;
    const issued = await this.tokens.issue({ principal, scopes, clientId, resource, ttlMs, ...refresh });
    this.note(
      `access token issued to '${principal}' [${scopes.join(' ')}] by ${grant}${grant === 'refresh_token' && refresh.withRefresh ? ' (refresh token rotated)' : ''}, valid ${ttlMs} ms of logical time`,
    );
    return {
      status: 200,
      headers: { 'Cache-Control': 'no-store' },
      json: {
        access_token: issued.accessToken,
        token_type: 'Bearer',
        expires_in: Math.max(1, Math.ceil(ttlMs / 1000)),
        scope: scopes.join(' '),
        ...(issued.refreshToken ? { refresh_token: issued.refreshToken } : {}),
      },
    };
  }

  /**
   * RFC 8707: the `resource` values of a request for `what` (`a code`, `a token`). A wrong one is
   * refused with `invalid_target`; a missing one is served. Either is recorded as a client mistake.
   */
  private checkResource(
    values: readonly string[],
    protectedResource: string,
    what: string,
    clientId: string,
  ):
    | { ok: true; resource: string | undefined }
    | { ok: false; error: { error: string; error_description: string } } {
    const indication = indicatedResource(values, protectedResource);
    if (indication.kind === 'named') return { ok: true, resource: indication.resource };
    if (indication.kind === 'missing') {
      this.mistake(
        'oauth-no-resource',
        `the client asked for ${what} without naming the resource (client '${clientId}'; RFC 8707 resource '${protectedResource}' expected)`,
      );
      return { ok: true, resource: undefined };
    }
    this.mistake(
      'oauth-wrong-resource',
      `the client asked for ${what} for the wrong resource '${indication.resource}' (client '${clientId}'; this server protects '${protectedResource}'): invalid_target`,
    );
    return {
      ok: false,
      error: {
        error: 'invalid_target',
        error_description: `resource '${indication.resource}' is not served here; this server protects '${protectedResource}' (RFC 8707)`,
      },
    };
  }

  private note(text: string): void {
    this.recorder.note(`authorization server: ${text}`, { transport: 'http', streamId: 'auth' });
  }

  private mistake(kind: ClientMistake, text: string): void {
    this.recorder.note(`authorization server: ${text}`, { transport: 'http', streamId: 'auth' }, kind);
  }
}
