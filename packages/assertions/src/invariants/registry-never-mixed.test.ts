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
});
