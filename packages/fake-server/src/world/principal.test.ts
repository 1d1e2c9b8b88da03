import { describe, expect, it } from 'vitest';
import { LogicalClock } from './logical-clock.js';
import { ANONYMOUS, PrincipalDirectory } from './principal.js';

const tokens = [
  { token: 'a', principal: 'alice', scopes: ['read'], expiresAtMs: 1_000 },
  { token: 'b', principal: 'bob' },
];

describe('PrincipalDirectory', () => {
  it('without an auth section everyone is anonymous', () => {
    expect(new PrincipalDirectory(undefined, new LogicalClock()).authenticate('Bearer x')).toEqual({
      ok: true,
      principal: ANONYMOUS,
    });
  });

  it('maps bearer tokens to principals and tells missing, invalid and expired tokens apart', () => {
    const clock = new LogicalClock();
    const directory = new PrincipalDirectory({ tokens }, clock);
    expect(directory.authenticate('Bearer a')).toEqual({
      ok: true,
      principal: { id: 'alice', scopes: ['read'] },
    });
    expect(directory.authenticate('bearer   b ')).toEqual({ ok: true, principal: { id: 'bob', scopes: [] } });
    expect(directory.authenticate(undefined)).toEqual({ ok: false, reason: 'missing' });
    expect(directory.authenticate('Basic a')).toEqual({ ok: false, reason: 'invalid' });
    expect(directory.authenticate('Bearer zzz')).toEqual({ ok: false, reason: 'invalid' });
    clock.advance(1_000);
    expect(directory.authenticate('Bearer a')).toEqual({ ok: false, reason: 'expired' });
  });

  it('grant adds or replaces a token, expire ends one now, and required: false admits anonymous', () => {
    const directory = new PrincipalDirectory({ tokens, required: false }, new LogicalClock());
    expect(directory.authenticate(undefined)).toEqual({ ok: true, principal: ANONYMOUS });
    directory.grant({ token: 'b', principal: 'bob', scopes: ['admin'] });
    expect(directory.authenticate('Bearer b')).toEqual({
      ok: true,
      principal: { id: 'bob', scopes: ['admin'] },
    });
    expect(directory.expire('b')).toBe(true);
    expect(directory.expire('nope')).toBe(false);
    expect(directory.authenticate('Bearer b')).toEqual({ ok: false, reason: 'expired' });
  });

  it('local() is the configured local principal with the union of its tokens’ scopes', () => {
    const directory = new PrincipalDirectory(
      {
        tokens: [...tokens, { token: 'a2', principal: 'alice', scopes: ['write'] }],
        localPrincipal: 'alice',
      },
      new LogicalClock(),
    );
    expect(directory.local()).toEqual({ id: 'alice', scopes: ['read', 'write'] });
  });
});
