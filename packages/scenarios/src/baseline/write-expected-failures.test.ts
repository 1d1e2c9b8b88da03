import { expect, test } from 'vitest';
import { parse } from 'yaml';
import type { CellResult } from '../runner/cell.js';
import { parseExpectedFailures } from './expected-failures.js';
import { expectedFailuresFromResults, renderExpectedFailures } from './write-expected-failures.js';

const failing = (checkId: string, nearMiss?: string) => ({
  invariantId: checkId,
  checkId,
  status: 'fail' as const,
  message: `${checkId} broke.`,
  evidence: [],
  ...(nearMiss ? { nearMiss } : {}),
});
function cell(
  era: 'legacy' | 'modern',
  transport: 'http' | 'stdio',
  rawStatus: CellResult['rawStatus'],
  verdicts = [] as CellResult['verdicts'],
  client = 'sdk',
): CellResult {
  return {
    scenarioId: 's',
    era,
    transport,
    client,
    rawStatus,
    status: rawStatus,
    verdicts,
  } as unknown as CellResult;
}
const clients = new Map([
  ['sdk', { kind: 'sdk' as const }],
  ['reference', { kind: 'reference' as const }],
]);

test('a check failing in every judged cell gets one entry for all of them; one failing in some cells gets one per cell', () => {
  const results = [
    cell('legacy', 'http', 'fail', [failing('a.always', 'close: listed once'), failing('b.sometimes')]),
    cell('modern', 'http', 'fail', [failing('a.always', 'close: listed once')]),
    cell('modern', 'stdio', 'n/a'),
    cell('legacy', 'http', 'fail', [failing('a.always')], 'reference'),
    cell('legacy', 'stdio', 'error'),
  ];
  const written = expectedFailuresFromResults(results, clients);
  expect(written.entries).toEqual([
    { client: 'sdk', scenario: 's', check: 'a.always', reason: 'close: listed once' },
    {
      client: 'sdk',
      scenario: 's',
      era: 'legacy',
      transport: 'http',
      check: 'b.sometimes',
      reason: 'b.sometimes broke.',
    },
  ]);
  expect(written.referenceFailures).toBe(1);
  expect(written.harnessErrors).toBe(1);
});

test('a cell that passed keeps a check from being written for the whole scenario', () => {
  const results = [cell('legacy', 'http', 'fail', [failing('a.x')]), cell('modern', 'http', 'pass')];
  expect(expectedFailuresFromResults(results, clients).entries).toEqual([
    { client: 'sdk', scenario: 's', era: 'legacy', transport: 'http', check: 'a.x', reason: 'a.x broke.' },
  ]);
});

test('the written file loads back as a valid baseline', () => {
  const text = renderExpectedFailures(
    [{ client: 'sdk', scenario: 's', check: 'a.x', reason: 'a: "quoted" reason\nwith a line break' }],
    'toolshift run --write-baseline x.yaml',
  );
  expect(text.startsWith('# Expected failures written by `toolshift run --write-baseline x.yaml`.')).toBe(
    true,
  );
  expect(parseExpectedFailures(parse(text), 'x.yaml').entries[0]!.reason).toBe(
    'a: "quoted" reason\nwith a line break',
  );
});
