import { expect, test } from 'vitest';
import { History } from '../test/support/history.js';
import { classifySchema, describeChanges, schemaChanges, servedSchemas } from './schema-findings.js';

const v1 = { type: 'object', properties: { q: { type: 'string' } }, additionalProperties: false };
const v2 = {
  type: 'object',
  properties: { query: { type: 'string' } },
  required: ['query'],
  additionalProperties: false,
};

test('schemaChanges lists JSON-pointer leaves, ignoring key order', () => {
  expect(schemaChanges({ b: 1, a: { x: [1, 2] } }, { a: { x: [1, 3] }, b: 1 })).toEqual([
    { pointer: '/a/x/1', from: 2, to: 3 },
  ]);
  expect(describeChanges(schemaChanges(v1, { ...v1, additionalProperties: true }))).toBe(
    '/additionalProperties: false → true',
  );
  expect(describeChanges(schemaChanges({}, { 'a/b': 1 }))).toBe('/a~1b: (absent) → 1');
});

test('classifySchema tells current, stale (served by an earlier revision, or rewritten from one) and rewritten apart', () => {
  const h = new History();
  h.listing([{ name: 'count', inputSchema: v1 }]);
  h.change();
  h.listing([{ name: 'count', inputSchema: v2 }]);
  const served = servedSchemas(h.frames).get('count')!;
  expect(served.map((entry) => entry.catalogRevision)).toEqual([1, 2]);
  expect(classifySchema({ ...v2 }, v2, served)).toEqual({ kind: 'current' });
  expect(classifySchema(v1, v2, served)).toMatchObject({ kind: 'stale', served: { catalogRevision: 1 } });
  // Normalized for a provider: no revision served it, and it is nearest the current one.
  const rewritten = classifySchema({ ...v2, additionalProperties: true }, v2, served);
  expect(rewritten).toEqual({
    kind: 'rewritten',
    changes: [{ pointer: '/additionalProperties', from: false, to: true }],
  });
  // The same normalization applied to the older revision is still stale.
  expect(classifySchema({ ...v1, additionalProperties: true }, v2, served)).toMatchObject({
    kind: 'stale',
    served: { catalogRevision: 1 },
    rewrite: [{ pointer: '/additionalProperties', from: false, to: true }],
  });
});
