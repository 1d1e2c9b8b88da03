import { SignJWT } from 'jose';
import type { LogicalClock } from '../world/logical-clock.js';
import type { Authentication } from '../world/principal.js';
import { sameResource } from './resource-indicator.js';
import { SIGNING_KEY_ID, type SigningKey } from './signing-key.js';

interface AccessRecord {
  principal: string;
  scopes: string[];
  clientId: string;
  resource: string | undefined;
  expiresAtMs: number;
  revoked: boolean;
  /** The token family (an authorization code's grant, its refreshes), if it has one. */
  family: string | undefined;
}

/** A refresh token as the ledger keeps it. */
export interface RefreshRecord {
  family: string;
  principal: string;
  scopes: string[];
  clientId: string;
  resource: string | undefined;
  used: boolean;
  revoked: boolean;
}

/** What to issue: an access token, and a refresh token when `withRefresh` (unless one is kept). */
export interface TokenIssue {
  principal: string;
  scopes: string[];
  clientId: string;
  /** The audience (RFC 8707 resource); `undefined` issues a token without one. */
  resource: string | undefined;
  /** Lifetime on the logical clock, ms. */
  ttlMs: number;
  withRefresh: boolean;
  /** The family the tokens join (a code's, or the refresh token's being used). */
  family?: string;
  /** A refresh token that stays valid (no rotation): answered again instead of a new one. */
  keptRefresh?: string;
}

/**
 * Every access and refresh token an authorization server issued, with what each stands for: issues
 * them (access tokens are ES256 JWTs, `typ: at+jwt`, whose expiry runs on the logical clock),
 * verifies them for the resource server, and revokes or expires them by token, family or principal.
 */
export class TokenLedger {
  private readonly accessTokens = new Map<string, AccessRecord>();
  private readonly refreshTokens = new Map<string, RefreshRecord>();

  constructor(
    private readonly clock: LogicalClock,
    private readonly key: SigningKey,
    private readonly secret: (kind: string) => string,
  ) {}

  /** Issues the tokens of `issue`; answers them (the refresh token when one goes with them). */
  async issue(issue: TokenIssue): Promise<{ accessToken: string; refreshToken: string | undefined }> {
    const { privateKey } = await this.key.get();
    let jwt = new SignJWT({ scope: issue.scopes.join(' '), client_id: issue.clientId })
      .setProtectedHeader({ alg: 'ES256', kid: SIGNING_KEY_ID, typ: 'at+jwt' })
      .setSubject(issue.principal)
      .setJti(this.secret('jti'))
      .setIssuedAt()
      .setExpirationTime(`${Math.max(1, Math.ceil(issue.ttlMs / 1000))}s`);
    if (issue.resource !== undefined) jwt = jwt.setAudience(issue.resource);
    const accessToken = await jwt.sign(privateKey);
    const family = issue.family ?? (issue.withRefresh ? this.secret('family') : undefined);
    this.accessTokens.set(accessToken, {
      principal: issue.principal,
      scopes: issue.scopes,
      clientId: issue.clientId,
      resource: issue.resource,
      expiresAtMs: this.clock.now() + issue.ttlMs,
      revoked: false,
      family,
    });
    let refreshToken = issue.keptRefresh;
    if (issue.withRefresh && !refreshToken) {
      refreshToken = this.secret('refresh');
      this.refreshTokens.set(refreshToken, {
        family: family!,
        principal: issue.principal,
        scopes: issue.scopes,
        clientId: issue.clientId,
        resource: issue.resource,
        used: false,
        revoked: false,
      });
    }
    return { accessToken, refreshToken };
  }

  /** The refresh token's record; `undefined` when this ledger never issued it. */
  refreshRecord(token: string): RefreshRecord | undefined {
    return this.refreshTokens.get(token);
  }

  /**
   * The principal an access token stands for at `resource`, or why it is refused (`invalid`:
   * revoked, or issued for another resource; `expired`); `undefined` for a token never issued here.
   */
  verify(token: string, resource: string | undefined): Authentication | undefined {
    const record = this.accessTokens.get(token);
    if (!record) return undefined;
    if (record.revoked) return { ok: false, reason: 'invalid' };
    if (record.resource !== undefined && resource !== undefined && !sameResource(record.resource, resource))
      return { ok: false, reason: 'invalid' };
    if (this.clock.now() >= record.expiresAtMs) return { ok: false, reason: 'expired' };
    return { ok: true, principal: { id: record.principal, scopes: record.scopes } };
  }

  /** Revokes one token (access or refresh, RFC 7009); answers what it was, `undefined` when unknown. */
  revokeToken(token: string): { kind: 'access' | 'refresh'; principal: string } | undefined {
    const access = this.accessTokens.get(token);
    if (access) access.revoked = true;
    const refresh = this.refreshTokens.get(token);
    if (refresh) refresh.revoked = true;
    const record = access ?? refresh;
    return record ? { kind: access ? 'access' : 'refresh', principal: record.principal } : undefined;
  }

  /** Revokes the refresh tokens of `family` (`access: true`: its access tokens too); returns how many. */
  revokeFamily(family: string, options: { access: boolean }): number {
    let count = 0;
    const records = [
      ...this.refreshTokens.values(),
      ...(options.access ? [...this.accessTokens.values()] : []),
    ];
    for (const record of records) {
      if (record.family !== family || record.revoked) continue;
      record.revoked = true;
      count += 1;
    }
    return count;
  }

  /** Revokes the access and/or refresh tokens of one principal (all when omitted); returns how many. */
  revoke(filter: { principal?: string; kind: 'access' | 'refresh' | 'all' }): number {
    let count = 0;
    const records = [
      ...(filter.kind === 'refresh' ? [] : this.accessTokens.values()),
      ...(filter.kind === 'access' ? [] : this.refreshTokens.values()),
    ];
    for (const record of records) {
      if (record.revoked || (filter.principal !== undefined && record.principal !== filter.principal))
        continue;
      record.revoked = true;
      count += 1;
    }
    return count;
  }

  /** Expires the live access tokens of one principal (all when omitted) now; returns how many. */
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
}
