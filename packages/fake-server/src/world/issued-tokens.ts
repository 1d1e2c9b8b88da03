import type { Authentication } from './principal.js';

/**
 * Tokens an authorization server issued, as the resource server (the fake MCP server) checks them,
 * and what a script may do to them. Implemented by the fake authorization server; the world only
 * knows this interface.
 */
export interface IssuedTokens {
  /**
   * The principal an access token stands for, or why it is refused (`expired`, `invalid` for a
   * revoked token or one issued for another resource); `undefined` when the token is not one it issued.
   */
  verify(token: string, resource: string | undefined): Authentication | undefined;
  /** Revokes the access and/or refresh tokens of one principal (all when omitted); returns how many. */
  revoke(filter: { principal?: string; kind: 'access' | 'refresh' | 'all' }): number;
  /** Expires the access tokens of one principal (all when omitted) now; returns how many. */
  expire(filter: { principal?: string }): number;
  /** Changes how the next authorizations go (who logs in, denial, token lifetime). */
  configure(patch: { loginAs?: string; deny?: boolean; accessTokenTtlMs?: number }): void;
}
