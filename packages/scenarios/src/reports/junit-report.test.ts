import { expect, test } from 'vitest';
import type { CellResult } from '../runner/cell.js';
import { interrupt, type SuiteSummary, summarizeResults, unfinishedSummary } from '../runner/run-suite.js';
import { renderJunit } from './junit-report.js';

const base = {
  era: 'legacy' as const,
  transport: 'http' as const,
  verdicts: [],
  transcript: [],
  servers: [],
  observations: [],
  durationMs: 1200,
};
const results: CellResult[] = [
  { ...base, scenarioId: 'empty-list', client: 'reference', status: 'pass', rawStatus: 'pass' },
  {
    ...base,
    scenarioId: 'pg-01-ignores-next-cursor',
    client: 'sdk',
    status: 'fail',
    rawStatus: 'fail',
    verdicts: [
      {
        invariantId: 'discovery.list-requests',
        checkId: 'discovery.list-requests',
        cites: 'case PG-01 E1',
        status: 'fail',
        message: 'sent 1 <request>',
        evidence: [{ seq: 7, note: 'tools/list & page one' }],
        nearMiss: 'stopped early',
      },
    ],
  },
  { ...base, scenarioId: 'expired-cache', client: 'sdk', status: 'n/a', rawStatus: 'n/a', notApplicable: 'the client lacks host-clock' },
  { ...base, scenarioId: 'invalid-schema', client: 'sdk', status: 'known-failure', rawStatus: 'fail', baselineReason: 'no schema validation' },
  { ...base, scenarioId: 'tool-removed', client: 'sdk', status: 'stale', rawStatus: 'pass', baselineReason: 'old' },
  {
    ...base,
    scenarioId: 'one-valid-tool',
    client: 'sdk',
    status: 'error',
    rawStatus: 'error',
    error: 'port in use',
    observations: [
      { kind: 'note', afterSeq: 2, text: 'client program stderr: Traceback <most recent call last>' },
      { kind: 'note', afterSeq: 3, text: 'client program debug: listing' },
      { kind: 'note', afterSeq: 3, text: 'the harness noted something else' },
    ],
  },
  {
    ...base,
    scenarioId: 'au-01-retry',
    client: 'sdk',
    status: 'inconclusive',
    rawStatus: 'inconclusive',
    verdicts: [
      {
        invariantId: 'calls.last-call-succeeds',
        checkId: 'calls.last-call-succeeds',
        status: 'inconclusive',
        message: 'The run never called <upload>.',
        evidence: [],
      },
    ],
  },
];
results[1]!.firstFailure = results[1]!.verdicts[0];
const summary: SuiteSummary = {
  runId: '0b6f6a64-0000-4000-8000-000000000001',
  results,
  counts: { pass: 1, fail: 1, 'n/a': 1, 'known-failure': 1, stale: 1, inconclusive: 1, error: 1 },
  exitCode: 1,
  startedAt: '2026-12-01T18:04:05.678Z',
  durationMs: 7000,
  cellCount: 7,
};

test('renders one suite per client, failures with evidence, and skipped n/a, inconclusive cells and expected failures, all escaped', () => {
  const xml = renderJunit(summary, { hostname: 'ci-runner-1' });
  expect(xml).toContain('<testsuites name="toolshift" tests="7" failures="2" errors="1" time="7.000">');
  expect(xml).toContain('<testsuite name="toolshift reference" tests="1" failures="0" errors="0" skipped="0"');
  expect(xml).toContain('<testsuite name="toolshift sdk" tests="6" failures="2" errors="1" skipped="3" time="7.200" timestamp="2026-12-01T18:04:05" hostname="ci-runner-1">');
  expect(xml).toContain('<system-out>fail         discovery.list-requests: sent 1 &lt;request&gt;</system-out>');
  expect(xml).toContain('<system-err>port in use\nTraceback &lt;most recent call last&gt;</system-err>');
  expect(xml).toContain('<system-out>client stdout:\ndebug: listing</system-out>');
  expect(xml).not.toContain('the harness noted something else');
  expect(xml).toContain(
    '<skipped message="inconclusive: calls.last-call-succeeds: The run never called &lt;upload&gt;."/>',
  );
  expect(xml).toContain('calls.last-call-succeeds (calls.last-call-succeeds): inconclusive: The run never called &lt;upload&gt;.');
  expect(xml).toContain('<testcase classname="toolshift.reference" name="empty-list [legacy, http]" time="1.200"/>');
  expect(xml).toContain('<failure type="discovery.list-requests" message="discovery.list-requests: sent 1 &lt;request&gt; [#7]">');
  expect(xml).toContain('#7 tools/list &amp; page one');
  expect(xml).toContain('near miss: stopped early');
  expect(xml).toContain('<skipped message="not applicable: the client lacks host-clock"/>');
  expect(xml).toContain('<skipped message="expected failure: no schema validation"/>');
  expect(xml).toContain('<failure type="stale-baseline"');
  expect(xml).toContain('<error type="harness-error" message="port in use"/>');
});

test('an interrupted run is never an empty green suite: a "toolshift run" suite holds an <error> saying what stopped it', () => {
  const stopped = interrupt(
    summarizeResults(results.slice(0, 1), 900, '2026-12-01T18:04:05.678Z', 40, 'run-1'),
    'SIGTERM',
  );
  const xml = renderJunit(stopped, { hostname: 'ci' });
  expect(xml).toContain('<testsuites name="toolshift" tests="2" failures="0" errors="1" time="0.900">');
  expect(xml).toContain('<testsuite name="toolshift run" tests="1" failures="0" errors="1" skipped="0"');
  expect(xml).toContain(
    '<error type="interrupted" message="Result: interrupted (exit 143): 1 of 40 cells finished (SIGTERM); the reports hold those and say the run was interrupted."/>',
  );
  // Before the first cell finished: still an error, not tests="0" failures="0".
  const none = renderJunit(interrupt(summarizeResults([], 10, '2026-12-01T18:04:05.678Z', 40, 'run-2'), 'SIGINT'));
  expect(none).toContain('<testsuites name="toolshift" tests="1" failures="0" errors="1"');
  expect(none).toContain('exit 130');
  const unfinished = renderJunit(unfinishedSummary([], { runId: 'run-3', startedAt: '2026-12-01T18:04:05.678Z' }));
  expect(unfinished).toContain('<testcase classname="toolshift" name="the run did not finish" time="0.000">');
  expect(unfinished).toContain('<error type="unfinished" message="Result: the run has not finished (exit 1)');
});

test("the file names its run and start in a comment before any result, and a cell's harness warnings go to its system-err", () => {
  const warned: CellResult = { ...results[0]!, harnessWarnings: ['the client left 1 process running: pid 9 (sleep)'] };
  const xml = renderJunit({ ...summary, results: [warned] });
  expect(xml.split('\n')[1]).toBe(
    '<!-- toolshift report: run 0b6f6a64-0000-4000-8000-000000000001, started 2026-12-01T18:04:05.678Z, digest sha256:0000000000000000000000000000000000000000000000000000000000000000 -->',
  );
  expect(xml).toContain(
    '<system-err>toolshift harness warning: the client left 1 process running: pid 9 (sleep)</system-err>',
  );
});
