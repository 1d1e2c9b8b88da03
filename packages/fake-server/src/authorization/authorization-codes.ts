import type { LogicalClock } from '../world/logical-clock.js';

/** How long an authorization code may be redeemed, logical ms. */
const CODE_TTL_MS = 600_000;

/** What an authorization code stands for, from the authorization request it answered. */
export interface CodeGrant {
  clientId: string;
  redirectUri: string;
  /** The PKCE S256 `code_challenge`. */
  challenge: string;
  principal: string;
  scopes: string[];
  /** The RFC 8707 `resource` the client named, if it named one. */
  resource: string | undefined;
  expiresAtMs: number;
  /** The token family every token issued from this code belongs to (refreshed ones too). */
  family: string;
  /** Whether tokens were issued for it (a second redemption revokes them: RFC 6749 §4.1.2). */
  used: boolean;
}

/** The authorization codes an authorization server issued, by code. */
export class AuthorizationCodes {
  private readonly codes = new Map<string, CodeGrant>();

  constructor(
    private readonly clock: LogicalClock,
    private readonly secret: (kind: string) => string,
  ) {}

  /** Issues a code for `grant`, valid for 10 minutes of logical time; returns the code. */
  issue(grant: Omit<CodeGrant, 'expiresAtMs' | 'family' | 'used'>): string {
    const code = this.secret('code');
    this.codes.set(code, {
      ...grant,
      expiresAtMs: this.clock.now() + CODE_TTL_MS,
      family: this.secret('family'),
      used: false,
    });
    return code;
  }

  /** The grant of `code`, used or not; `undefined` for a code never issued. */
  find(code: string): CodeGrant | undefined {
    return this.codes.get(code);
  }

  /** Whether `grant` can no longer be redeemed by time. */
  expired(grant: CodeGrant): boolean {
    return this.clock.now() >= grant.expiresAtMs;
  }
}
