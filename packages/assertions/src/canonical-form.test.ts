import { expect, test } from 'vitest';
import { canonicalForm, memoizedCanonicalForm } from './canonical-form.js';

test('canonical forms ignore key order and give undefined the form of null', () => {
  expect(canonicalForm({ b: 1, a: [2, { d: 3, c: 4 }] })).toBe('{"a":[2,{"c":4,"d":3}],"b":1}');
  expect(canonicalForm({ a: [2, { c: 4, d: 3 }], b: 1 })).toBe(
    canonicalForm({ b: 1, a: [2, { d: 3, c: 4 }] }),
  );
  expect(canonicalForm(undefined)).toBe('null');
});

test('the memoized form is the canonical form of each value, computed once per object', () => {
  const form = memoizedCanonicalForm();
  const schema = { type: 'object', properties: { q: { type: 'string' } } };
  for (const value of [
    schema,
    schema,
    { properties: { q: { type: 'string' } }, type: 'object' },
    1,
    'x',
    null,
    undefined,
  ])
    expect(form(value)).toBe(canonicalForm(value));
  // Another memo does not share forms: a value changed between two checks is read afresh.
  schema.type = 'array';
  expect(memoizedCanonicalForm()(schema)).toBe(canonicalForm(schema));
});
