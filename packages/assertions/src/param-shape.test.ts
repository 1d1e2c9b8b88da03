import { expect, test } from 'vitest';
import { paramProblem } from './param-shape.js';

const shape = {
  fields: { tools: 'string[]', max: 'integer', strict: 'boolean' },
  required: ['tools'],
} as const;

test('accepts fitting parameters and names the first problem otherwise', () => {
  expect(paramProblem({ tools: ['a'], max: 3, strict: true }, shape)).toBeUndefined();
  expect(paramProblem(undefined, shape)).toBe("parameter 'tools' is required");
  expect(paramProblem({ tools: ['a'], extra: 1 }, shape)).toContain("unknown parameter 'extra'");
  expect(paramProblem({ tools: 'a' }, shape)).toBe("parameter 'tools' must be of type string[]");
  expect(paramProblem({ tools: [], max: -1 }, shape)).toBe("parameter 'max' must be of type integer");
  expect(paramProblem({}, { fields: { a: 'string', b: 'string' }, oneOf: ['a', 'b'] })).toBe(
    "one of 'a', 'b' is required",
  );
});
