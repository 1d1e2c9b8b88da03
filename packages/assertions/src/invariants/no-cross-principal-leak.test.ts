import { describe, expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { noCrossPrincipalLeak } from './no-cross-principal-leak.js';

function twoUsers(scope: 'private' | 'public'): History {
  const h = new History();
  h.connections = [
    { serverId: 'alice', principal: 'alice' },
    { serverId: 'bob', principal: 'bob' },
  ];
  h.listing([{ name: 'admin_tool' }, { name: 'read' }], 2, { principal: 'alice' }, scope);
  h.expose([{ name: 'admin_tool' }, { name: 'read' }], 'alice');
  return h;
}

describe('cache.no-cross-principal-leak', () => {
  test("passes when each connection exposes what its own principal's listing held", () => {
    const h = twoUsers('private');
    h.listing([{ name: 'read' }], 1, { principal: 'bob' }, 'private');
    h.expose([{ name: 'read' }], 'bob');
    expect(noCrossPrincipalLeak.check(h.record()).status).toBe('pass');
  });

  test("fails when bob is shown alice's private listing", () => {
    const h = twoUsers('private');
    h.expose([{ name: 'admin_tool' }, { name: 'read' }], 'bob');
    const verdict = noCrossPrincipalLeak.check(h.record());
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toContain("'admin_tool'");
    expect(verdict.evidence[0]!.note).toContain('alice');
  });

  test('a public listing may be shared; one principal is inconclusive', () => {
    const h = twoUsers('public');
    h.expose([{ name: 'admin_tool' }, { name: 'read' }], 'bob');
    expect(noCrossPrincipalLeak.check(h.record()).status).toBe('pass');
    const solo = new History();
    expect(noCrossPrincipalLeak.check(solo.record()).status).toBe('inconclusive');
  });

  test("a rewritten schema is traced by name, so a leak of alice's private tool is still caught", () => {
    const h = twoUsers('private');
    h.expose([{ name: 'admin_tool', inputSchema: { type: 'object', additionalProperties: true } }], 'bob');
    // Before: no listing held that exact schema, so the tool counted as checked and passed.
    expect(noCrossPrincipalLeak.check(h.record()).status).toBe('fail');
  });
});
