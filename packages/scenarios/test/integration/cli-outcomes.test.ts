import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { cli } from '../support/cli-in-process.js';
import { toolshiftProcess } from '../support/toolshift-process.js';

const neverCalls = fileURLToPath(new URL('../fixtures/scenarios/never-calls.scenario.yaml', import.meta.url));

test('a selection whose every cell is n/a is not a match: exit 4, naming why nothing ran', async () => {
  const { code, stdout } = await toolshiftProcess([
    'run',
    '--era',
    'both',
    '--client',
    'defect:ignores-next-cursor',
    '--scenario',
    'one-valid-tool',
    '--transport',
    'stdio',
    '--no-baseline',
    '--verbose',
  ]);
  expect(stdout).toMatch(/one-valid-tool\s+legacy\s+stdio\s+defect:ignores-next-cursor\s+n\/a/);
  expect(stdout).toContain('0 pass,');
  expect(stdout).toContain(
    'Result: nothing was judged, so this is not a match (exit 4): every cell was n/a: the client cannot connect over stdio (it supports http, msw) (2 cells)',
  );
  expect(stdout).not.toContain('matches the baseline');
  expect(code).toBe(4);
}, 120_000);

test('a run whose every cell is inconclusive exits 4 and shows inconclusive in the table, the JSON report and JUnit', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-outcomes-'));
  const { code, stdout } = await cli([
    'run',
    '--era',
    'both',
    '--client',
    'reference',
    '--scenario-file',
    neverCalls,
    '--no-baseline',
    '--verbose',
    '--json',
    join(dir, 'report.json'),
    '--junit',
    join(dir, 'junit.xml'),
  ]);
  expect(stdout).toMatch(
    /never-calls\s+legacy\s+http\s+reference\s+inconclusive\s+calls\.last-call-succeeds: The run never called 'search_docs'\./,
  );
  expect(stdout).toContain(
    '0 pass, 0 expected failures, 0 unexpected failures, 0 stale baseline entries, 2 inconclusive',
  );
  expect(stdout).toContain(
    "Result: nothing was judged, so this is not a match (exit 4): no cell passed or failed: every cell was inconclusive (an essential check in it lacked what it judges): calls.last-call-succeeds: The run never called 'search_docs'. (2 cells)",
  );
  expect(code).toBe(4);
  const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8'));
  expect(report.exitCode).toBe(4);
  expect(report.unjudged).toContain('every cell was inconclusive');
  expect(report.counts).toMatchObject({ pass: 0, inconclusive: 2 });
  expect(report.results.map((result: { status: string }) => result.status)).toEqual([
    'inconclusive',
    'inconclusive',
  ]);
  const junit = await readFile(join(dir, 'junit.xml'), 'utf8');
  expect(junit).toContain('skipped="2"');
  expect(junit).toContain(
    `<skipped message="inconclusive: calls.last-call-succeeds: The run never called 'search_docs'."/>`,
  );
}, 120_000);

test('inconclusive cells beside judged ones are counted on their own; the run still matches (exit 0)', async () => {
  const { code, stdout } = await cli([
    'run',
    '--era',
    'both',
    '--client',
    'reference',
    '--scenario',
    'empty-list',
    '--scenario-file',
    neverCalls,
    '--transport',
    'http',
    '--no-baseline',
    '--verbose',
  ]);
  expect(stdout).toMatch(/empty-list\s+modern\s+http\s+reference\s+pass/);
  expect(stdout).toMatch(/never-calls\s+modern\s+http\s+reference\s+inconclusive/);
  expect(stdout).toContain(
    '2 pass, 0 expected failures, 0 unexpected failures, 0 stale baseline entries, 2 inconclusive',
  );
  expect(stdout).toContain('Result: matches the baseline.');
  expect(code).toBe(0);
}, 120_000);

test('a baseline entry meeting an inconclusive cell is neither met nor stale: the cell stays inconclusive with the entry’s reason', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-outcomes-'));
  await writeFile(
    join(dir, 'baseline.yaml'),
    'expectedFailures:\n  - client: sdk\n    scenario: never-calls\n    check: calls.last-call-succeeds\n    reason: the SDK host never retries the call\n',
  );
  const { code, stdout } = await cli([
    'run',
    '--client',
    'sdk',
    '--scenario',
    'empty-list',
    '--scenario-file',
    neverCalls,
    '--transport',
    'http',
    '--era',
    'modern',
    '--baseline',
    join(dir, 'baseline.yaml'),
    '--verbose',
  ]);
  const flat = stdout.replace(/\s+/g, ' ');
  expect(flat).toContain(
    "never-calls modern http sdk inconclusive calls.last-call-succeeds: The run never called 'search_docs'. (the baseline expects calls.last-call-succeeds; this run could not judge it (the SDK host never retries the call))",
  );
  expect(stdout).not.toContain('STALE');
  expect(code).toBe(0);
}, 120_000);
