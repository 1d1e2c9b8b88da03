import type { IssuedTokens } from './issued-tokens.js';
import type { LogicalClock } from './logical-clock.js';

/** A bearer token the server accepts, and who it stands for (the script's `auth.tokens` entries). */
export interface TokenGrant {
  token: string;
  /** Principal id recorded in transcript frames. */
  principal: string;
  scopes?: string[];
  /** Logical time (ms) from which the token is expired (401). */
  expiresAtMs?: number;
}

/** Who may call: accepted tokens, whether a token is required, and the principal of header-less transports. */
export interface PrincipalRules {
  tokens?: readonly TokenGrant[];
  /** Default true: a request without a token gets 401. */
  required?: boolean;
  /** The principal of stdio/in-memory requests (default `anonymous`). */
  localPrincipal?: string;
}

/** Who a request is made as: a principal id (recorded in transcript frames) and its granted scopes. */
export interface Principal {
  id: string;
  scopes: readonly string[];
}

/** The principal of a request without credentials when the server does not require them. */
export const ANONYMOUS: Principal = Object.freeze({ id: 'anonymous', scopes: Object.freeze([]) });

/** The outcome of authenticating one request. */
export type Authentication =
  | { ok: true; principal: Principal }
  | { ok: false; reason: 'missing' | 'invalid' | 'expired' };

/**
 * Maps bearer tokens to principals (the fake server's stand-in for an authorization server). Token
 * expiry runs on the logical clock, so "the token expires mid-run" is deterministic.
 * @see ../shared/spec/mcp-discovery-spec.md §6
 */
export class PrincipalDirectory {
  private readonly grants = new Map<string, TokenGrant>();
  /** The fake authorization server's tokens, when the script runs one. */
  issued: IssuedTokens | undefined;

  constructor(
    private readonly auth: PrincipalRules | undefined,
    private readonly clock: LogicalClock,
  ) {
    for (const grant of auth?.tokens ?? []) this.grants.set(grant.token, { ...grant });
  }

  /** True when the script configures authorization at all. */
  get enabled(): boolean {
    return this.auth !== undefined;
  }

  /**
   * Authenticates an `Authorization` header value (`Bearer <token>`), or its absence: a token of
   * the script's `auth.tokens`, else one the fake authorization server issued for `resource`.
   * Without an `auth` section every request is `anonymous`.
   */
  authenticate(authorization: string | undefined, resource?: string): Authentication {
    if (!this.auth) return { ok: true, principal: ANONYMOUS };
    const match = authorization === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match) {
      if (authorization !== undefined) return { ok: false, reason: 'invalid' };
      return this.auth.required === false
        ? { ok: true, principal: ANONYMOUS }
        : { ok: false, reason: 'missing' };
    }
    const token = match[1] ?? '';
    const grant = this.grants.get(token);
    if (!grant) return this.issued?.verify(token, resource) ?? { ok: false, reason: 'invalid' };
    if (grant.expiresAtMs !== undefined && this.clock.now() >= grant.expiresAtMs)
      return { ok: false, reason: 'expired' };
    return { ok: true, principal: { id: grant.principal, scopes: grant.scopes ?? [] } };
  }

  /** The principal of a request on a transport without headers (stdio, in-memory). */
  local(): Principal {
    const id = this.auth?.localPrincipal;
    if (id === undefined) return ANONYMOUS;
    const scopes = new Set<string>();
    for (const grant of this.grants.values())
      if (grant.principal === id) for (const s of grant.scopes ?? []) scopes.add(s);
    return { id, scopes: [...scopes] };
  }

  /** Adds or replaces a token (e.g. the stepped-up token a client obtains after a 403). */
  grant(grant: TokenGrant): void {
    this.grants.set(grant.token, { ...grant });
  }

  /** Expires a token now (it is answered with 401 from here on). Returns false when unknown. */
  expire(token: string): boolean {
    const grant = this.grants.get(token);
    if (!grant) return false;
    grant.expiresAtMs = Math.min(grant.expiresAtMs ?? Number.POSITIVE_INFINITY, this.clock.now());
    return true;
  }
}
