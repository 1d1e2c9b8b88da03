import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { contractHash } from './contract-hash.js';
import { executionContract } from './discovered-tool.js';

function shuffleKeys(value: unknown, order: number): unknown {
  if (Array.isArray(value)) return value.map((item) => shuffleKeys(item, order));
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value);
  const rotated = entries
    .slice(order % (entries.length || 1))
    .concat(entries.slice(0, order % (entries.length || 1)));
  return Object.fromEntries(rotated.reverse().map(([k, v]) => [k, shuffleKeys(v, order + 1)]));
}

describe('contractHash', () => {
  test.prop([fc.jsonValue(), fc.nat(10)], { seed: 4242, numRuns: 200 })(
    'ignores key order (seed 4242)',
    (json, order) => {
      const value = { inputSchema: json } as Record<string, unknown>;
      expect(contractHash(shuffleKeys(value, order) as Record<string, unknown>)).toBe(contractHash(value));
    },
  );

  it('is a SHA-256 hex digest that ignores whitespace and changes with content', () => {
    const a = JSON.parse('{ "name": "t", "inputSchema": { "type": "object" } }');
    const b = JSON.parse('{"inputSchema":{"type":"object"},"name":"t"}');
    expect(contractHash(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(contractHash(a)).toBe(contractHash(b));
    expect(contractHash({ ...a, description: 'x' })).not.toBe(contractHash(a));
  });

  it('rejects values with no RFC 8785 form', () => {
    expect(() => contractHash({ name: '\uD800' })).toThrow();
  });

  it('hashes the execution-relevant contract only: title and icons do not count', () => {
    const base = { name: 't', inputSchema: { type: 'object' }, description: 'd' };
    const withDisplay = { ...base, title: 'T', icons: [{ src: 'x' }] };
    expect(contractHash(executionContract(withDisplay))).toBe(contractHash(executionContract(base)));
    const annotated = { ...base, annotations: { destructiveHint: false } };
    expect(contractHash(executionContract(annotated))).not.toBe(contractHash(executionContract(base)));
  });
});
