import { expect, test } from 'vitest';
import { History } from '../test/support/history.js';
import { duplicateNames } from './duplicate-names.js';
import { INVARIANTS } from './invariants/index.js';
import type { RunRecord } from './run-record.js';

test('duplicateNames counts every name listed more than once, in first-seen order', () => {
  expect(duplicateNames(['a', 'b', 'a', 'c', 'b', 'a'])).toEqual([
    { name: 'a', count: 3 },
    { name: 'b', count: 2 },
  ]);
  expect(duplicateNames(['a', 'b'])).toEqual([]);
});

/** 17 tools listed and then exposed twice over (34 entries): every name-set comparison still matches. */
function doubled(): RunRecord {
  const h = new History();
  const tools = Array.from({ length: 17 }, (_, i) => ({ name: `tool_${String(i).padStart(2, '0')}` }));
  h.listing(tools, 6);
  h.expose([...tools, ...tools]);
  return {
    ...h.record(),
    finalCatalog: {
      catalogRevision: 1,
      tools: tools.map((tool) => ({ name: tool.name, inputSchema: { type: 'object' } })),
    },
  };
}

test.each([
  ['registry.matches-final-catalog', undefined],
  ['registry.final-exposure', { includes: ['tool_00'] }],
  ['registry.no-stale-exposure', undefined],
  ['registry.never-mixed', undefined],
  ['registry.current-contracts', undefined],
  ['registry.listing-order-kept', undefined],
])('%s fails an exposure listing 17 tools twice, saying so (issue 9, point 5)', (id, params) => {
  const verdict = INVARIANTS[id]!.check(doubled(), params);
  expect(verdict.status).toBe('fail');
  expect(verdict.message).toContain("lists 'tool_00' 2 times");
  expect(verdict.message).toContain('(34 entries for 17 distinct tool name(s))');
});
