import { expect, test } from 'vitest';
import { MAX_PLAIN_DEPTH, plainDataProblem, printable } from './plain-data.js';

test('JSON-shaped values are plain data; undefined may be a property value', () => {
  expect(
    plainDataProblem({ a: [1, 'x', null, true, { b: undefined }], c: Object.create(null) }),
  ).toBeUndefined();
});

test('what a structured clone carries beyond JSON is refused, naming where', () => {
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  let deep: unknown = 0;
  for (let i = 0; i <= MAX_PLAIN_DEPTH; i++) deep = [deep];
  expect(plainDataProblem({ tools: new Map() })).toBe('/tools is a Map');
  expect(plainDataProblem({ at: new Date(0) })).toBe('/at is a Date');
  expect(plainDataProblem({ n: Number.NaN })).toBe('/n is NaN (not a finite number)');
  expect(plainDataProblem({ big: 1n })).toBe('/big is a bigint');
  expect(plainDataProblem({ bytes: new Uint8Array(1) })).toBe('/bytes is a Uint8Array');
  expect(plainDataProblem({ 'a/b': { self: cycle } })).toBe(
    '/a~1b/self/self refers back to an enclosing value (a cycle)',
  );
  expect(plainDataProblem(deep)).toMatch(/nests deeper than 2000 levels$/);
  expect(plainDataProblem(undefined)).toBe('/ is undefined');
});

test('control characters are escaped for the console', () => {
  expect(printable('a\u001b[2J\nb\u0000')).toBe('a\\u001b[2J\\u000ab\\u0000');
});
