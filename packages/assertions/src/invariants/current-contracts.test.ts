import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import type { RunRecord } from '../run-record.js';
import { currentContracts } from './current-contracts.js';
import { schemasAsServed } from './schemas-as-served.js';

const v1 = { type: 'object', properties: { q: { type: 'string' } }, additionalProperties: false };
const v2 = { type: 'object', properties: { query: { type: 'string' } }, additionalProperties: false };

/** `count` served as v1, then (after a change) as v2; the client exposes `exposed`. */
function run(exposed: unknown, schemaRewrite?: string): RunRecord {
  const h = new History();
  h.listing([{ name: 'count', inputSchema: v1 }]);
  h.change();
  h.listing([{ name: 'count', inputSchema: v2 }]);
  h.observations.push({
    kind: 'exposure',
    afterSeq: h.lastSeq,
    tools: [
      {
        serverId: 'primary',
        name: 'count',
        inputSchema: exposed,
        ...(schemaRewrite ? { schemaRewrite } : {}),
      },
    ],
  });
  return { ...h.record(), finalCatalog: { catalogRevision: 2, tools: [{ name: 'count', inputSchema: v2 }] } };
}

test('registry.current-contracts fails a stale schema, naming the revision that served it', () => {
  const verdict = currentContracts.check(run(v1));
  expect(verdict).toMatchObject({ status: 'fail' });
  expect(verdict.message).toContain('stale input schema: the one catalog revision 1 served');
  expect(verdict.nearMiss).toBe(
    'current schema (catalog revision 2) → exposed: /properties/q: (absent) → {"type":"string"}; /properties/query: {"type":"string"} → (absent)',
  );
});

test('registry.current-contracts passes a rewritten schema as not stale, naming the diff (issue 9, point 6)', () => {
  const verdict = currentContracts.check(run({ ...v2, additionalProperties: true }));
  // Before: "'count' is exposed with a stale input schema".
  expect(verdict.status).toBe('pass');
  expect(verdict.message).toContain(
    "rewritten by the client (not stale): 'count' /additionalProperties: false → true",
  );
  // A scenario that asks for byte-equal schemas gets the rewrite as a failure, named as a rewrite.
  const exact = currentContracts.check(run({ ...v2, additionalProperties: true }), { exact: true });
  expect(exact.status).toBe('fail');
  expect(exact.message).toContain('rewritten input schema (not stale');
  expect(currentContracts.validateParams!({ exact: 'yes' })).toContain('boolean');
});

test('registry.current-contracts fails a rewrite of an older revision as stale', () => {
  expect(currentContracts.check(run({ ...v1, additionalProperties: true }))).toMatchObject({
    status: 'fail',
    message: expect.stringContaining('a rewrite of the one catalog revision 1 served'),
  });
});

test('registry.schemas-as-served fails an undeclared rewrite with its diff and passes a declared one', () => {
  expect(schemasAsServed.check(run(v2)).status).toBe('pass');
  // A stale schema was served: staleness is current-contracts' finding, not this one's.
  expect(schemasAsServed.check(run(v1)).status).toBe('pass');
  const undeclared = schemasAsServed.check(run({ ...v2, additionalProperties: true }));
  expect(undeclared).toMatchObject({
    status: 'fail',
    message: expect.stringContaining('/additionalProperties: false → true'),
  });
  const declared = schemasAsServed.check(
    run({ ...v2, additionalProperties: true }, 'relaxed additionalProperties for the provider'),
  );
  expect(declared.status).toBe('pass');
  expect(declared.message).toContain('relaxed additionalProperties for the provider');
  expect(schemasAsServed.check(new History().record()).status).toBe('inconclusive');
});
