import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isToolshiftError } from '@toolshift/fake-server';
import { expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { CLIENT_ADAPTERS } from '../../src/adapters/index.js';
import { loadExpectedFailures } from '../../src/baseline/expected-failures.js';
import { runSuite } from '../../src/runner/run-suite.js';

async function baselineFile(text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-baseline-'));
  const file = join(dir, 'expected-failures.yaml');
  await writeFile(file, text);
  return file;
}

const pick = (id: string) => SCENARIOS.find((s) => s.id === id)!;
const defect = CLIENT_ADAPTERS['defect:ignores-list-changed']!;

test('a baseline entry turns a failure into an expected failure and a pass into a stale entry', async () => {
  const baseline = await loadExpectedFailures(
    await baselineFile(
      [
        'expectedFailures:',
        '  - client: defect:ignores-list-changed',
        '    scenario: tool-removed',
        '    era: legacy',
        '    check: registry.matches-final-catalog',
        '    reason: it never re-lists',
        '  - client: sdk',
        '    scenario: empty-list',
        '    transport: http',
        '    reason: pretend it failed once',
      ].join('\n'),
    ),
  );
  const known = await runSuite({
    scenarios: [pick('tool-removed')],
    eras: ['legacy'],
    clients: [defect],
    baseline,
    settleTimeoutMs: 1000,
  });
  expect(known.results[0]).toMatchObject({
    status: 'known-failure',
    rawStatus: 'fail',
    baselineReason: 'it never re-lists',
  });
  expect(known.exitCode).toBe(0);

  const stale = await runSuite({
    scenarios: [pick('empty-list')],
    eras: ['modern'],
    clients: [CLIENT_ADAPTERS.sdk!],
    baseline,
  });
  expect(stale.results[0]).toMatchObject({ status: 'stale', rawStatus: 'pass' });
  expect(stale.exitCode).toBe(1);
}, 60_000);

test('a failure on another check than the entry names is an unexpected failure', async () => {
  const baseline = await loadExpectedFailures(
    await baselineFile(
      'expectedFailures:\n  - client: defect:ignores-list-changed\n    scenario: tool-removed\n    check: discovery.cursors-echoed\n    reason: wrong check\n',
    ),
  );
  const summary = await runSuite({
    scenarios: [pick('tool-removed')],
    eras: ['legacy'],
    clients: [defect],
    baseline,
    settleTimeoutMs: 1000,
  });
  expect(summary.results[0]).toMatchObject({
    status: 'fail',
    baselineReason: expect.stringContaining('other checks failed'),
  });
  expect(summary.exitCode).toBe(1);
}, 60_000);

test('the reference client is never excused by a baseline entry', async () => {
  const baseline = await loadExpectedFailures(
    await baselineFile(
      'expectedFailures:\n  - client: reference\n    scenario: empty-list\n    reason: should be ignored\n',
    ),
  );
  const summary = await runSuite({
    scenarios: [pick('empty-list')],
    eras: ['modern'],
    clients: [CLIENT_ADAPTERS.reference!],
    baseline,
  });
  expect(summary.results[0]!.status).toBe('pass');
});

test('a malformed baseline names the file, the entry and the field', async () => {
  const file = await baselineFile('expectedFailures:\n  - client: sdk\n    reason: no scenario\n');
  const error = await loadExpectedFailures(file).catch((e: unknown) => e);
  expect(isToolshiftError(error, 'BASELINE_INVALID')).toBe(true);
  expect((error as Error).message).toBe(
    `Baseline ${file}: /expectedFailures/0/scenario must be a non-empty string.`,
  );
  const typo = await baselineFile(
    'expectedFailures:\n  - client: sdk\n    scenario: x\n    reason: y\n    eras: legacy\n',
  );
  await expect(loadExpectedFailures(typo)).rejects.toThrow(
    '/expectedFailures/0/eras is not a baseline field',
  );
});

test('a baseline entry may name the dual era: it covers the dual cells only', async () => {
  const baseline = await loadExpectedFailures(
    await baselineFile(
      'expectedFailures:\n  - client: defect:ignores-list-changed\n    scenario: tool-removed\n    era: dual\n    reason: it never re-lists\n',
    ),
  );
  const summary = await runSuite({
    scenarios: [pick('tool-removed')],
    eras: ['legacy', 'dual'],
    transports: ['http'],
    clients: [defect],
    baseline,
    settleTimeoutMs: 1000,
  });
  expect(summary.results.map((r) => [r.era, r.status])).toEqual([
    ['legacy', 'fail'],
    ['dual', 'known-failure'],
  ]);
  const wrong = await baselineFile(
    'expectedFailures:\n  - client: sdk\n    scenario: x\n    reason: y\n    era: both\n',
  );
  await expect(loadExpectedFailures(wrong)).rejects.toThrow(
    '/expectedFailures/0/era must be one of legacy, modern, dual.',
  );
}, 60_000);
