import { expect, test } from 'vitest';
import type { CellResult } from '../runner/cell.js';
import type { SuiteSummary } from '../runner/run-suite.js';
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
