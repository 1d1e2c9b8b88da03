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
