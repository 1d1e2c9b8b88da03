import { describe, expect, it } from 'vitest';
import { deepFreeze } from './deep-freeze.js';

describe('deepFreeze', () => {
  it('freezes nested objects and arrays and returns the same value', () => {
    const schema = { type: 'object', properties: { tags: { type: 'array', items: [{ enum: ['a'] }] } } };
    expect(deepFreeze(schema)).toBe(schema);
    expect(Object.isFrozen(schema.properties.tags.items[0])).toBe(true);
    expect(() => {
      (schema.properties.tags as { type: string }).type = 'string';
    }).toThrow(TypeError);
  });

  it('handles a 100,000-deep document without overflowing the stack', () => {
    const root: Record<string, unknown> = {};
    let node = root;
    for (let i = 0; i < 100_000; i++) {
      const child = {};
      node.next = child;
      node = child;
    }
    deepFreeze(root);
    expect(Object.isFrozen(node)).toBe(true);
  });

  it('leaves primitives alone', () => {
    expect(deepFreeze(3)).toBe(3);
    expect(deepFreeze(null)).toBe(null);
  });
});
