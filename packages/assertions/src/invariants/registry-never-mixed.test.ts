import { describe, expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { registryNeverMixed } from './registry-never-mixed.js';

const v1 = { type: 'object', properties: { q: { type: 'string' } } };
const v2 = { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] };

describe('registry.never-mixed', () => {
  test('passes when each exposure is one complete listing (a withheld tool is fine)', () => {
    const h = new History();
    h.listing([{ name: 'a', inputSchema: v1 }, { name: 'b' }], 1);
    h.expose([{ name: 'a', inputSchema: v1 }]);
    h.change();
    h.listing([{ name: 'a', inputSchema: v2 }, { name: 'c' }], 1);
    h.expose([{ name: 'a', inputSchema: v2 }, { name: 'c' }]);
    expect(registryNeverMixed.check(h.record()).status).toBe('pass');
  });

  test('fails on an old contract beside a new tool (a merge of two listings)', () => {
    const h = new History();
    h.listing([{ name: 'a', inputSchema: v1 }, { name: 'b' }], 1);
    h.expose([{ name: 'a', inputSchema: v1 }, { name: 'b' }]);
    h.change();
    h.listing([{ name: 'a', inputSchema: v2 }, { name: 'c' }], 1);
    h.expose([{ name: 'a', inputSchema: v1 }, { name: 'c' }]);
    const verdict = registryNeverMixed.check(h.record());
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toContain("'a'");
    expect(verdict.nearMiss).toContain('merged');
  });

  test('fails on page one of a listing exposed before the listing completed', () => {
    const h = new History();
    h.page([{ name: 'a' }], { nextCursor: 'c1' });
    h.expose([{ name: 'a' }]);
    h.page([{ name: 'b' }], { cursor: 'c1' });
    const verdict = registryNeverMixed.check(h.record());
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toContain('before any listing was complete');
  });

  test('a schema the client rewrote (matching no listing) is no evidence of a mix (issue 9, point 6)', () => {
    const h = new History();
    const strict = { type: 'object', properties: { q: { type: 'string' } }, additionalProperties: false };
    h.listing([{ name: 'a', inputSchema: strict }, { name: 'b' }], 1);
    // Normalized for a provider: additionalProperties relaxed on every tool.
    h.expose([
      { name: 'a', inputSchema: { ...strict, additionalProperties: true } },
      { name: 'b', inputSchema: { type: 'object', additionalProperties: true } },
    ]);
    // Before: "matches no single complete listing ... merged tools or contracts of two listings".
    expect(registryNeverMixed.check(h.record()).status).toBe('pass');
  });

  test('a rewrite of an older contract beside a newer listing is still a mix', () => {
    const h = new History();
    h.listing([{ name: 'a', inputSchema: v1 }], 1);
    h.change();
    h.listing([{ name: 'a', inputSchema: v2 }, { name: 'c' }], 1);
    h.expose([
      { name: 'a', inputSchema: { ...v1, additionalProperties: true } },
      { name: 'c', inputSchema: { type: 'object', additionalProperties: true } },
    ]);
    expect(registryNeverMixed.check(h.record()).status).toBe('fail');
  });

  test('an exposure listing every tool twice fails, saying so (issue 9, point 5)', () => {
    const h = new History();
    const tools = Array.from({ length: 17 }, (_, i) => ({ name: `t${i}` }));
    h.listing(tools, 5);
    h.expose([...tools, ...tools]);
    const verdict = registryNeverMixed.check(h.record());
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toContain('(34 entries for 17 distinct tool name(s))');
    expect(verdict.nearMiss).toContain('every tool is listed more than once');
  });
});
