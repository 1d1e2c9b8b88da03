import { expect, test } from 'vitest';
import type { CellResult } from '../runner/cell.js';
import type { SuiteSummary } from '../runner/run-suite.js';
import { renderHtmlReport } from './html-report.js';
import { frameLabel, toHtmlReportData } from './html-report-data.js';

const frame = (seq: number, extra: Record<string, unknown>) =>
  ({ seq, tick: 0, era: 'legacy', transport: 'http', catalogRevision: 1, streamId: 'post-1', ...extra }) as never;

test('frame labels name the method and id, the HTTP status and the stream', () => {
  expect(frameLabel(frame(1, { direction: 'in', kind: 'message', message: { jsonrpc: '2.0', id: 3, method: 'tools/list' } }))).toBe(
    'tools/list #3 · post-1',
  );
  expect(
    frameLabel(frame(2, { direction: 'out', kind: 'message', httpStatus: 200, message: { jsonrpc: '2.0', id: 3, result: {} } })),
  ).toBe('result #3 · HTTP 200 · post-1');
  expect(frameLabel(frame(3, { direction: 'out', kind: 'http', httpStatus: 404 }))).toBe('HTTP 404 · post-1');
  expect(frameLabel(frame(4, { direction: 'server', kind: 'step', step: 'add', note: 'added x', streamId: 'world' }))).toBe(
    'step add: added x',
  );
  expect(frameLabel(frame(5, { direction: 'in', kind: 'message', httpMethod: 'GET', streamId: 'get-1' }))).toBe('GET (no body) · get-1');
});

const failing: CellResult = {
  scenarioId: 's',
  era: 'legacy',
  transport: 'http',
  client: 'sdk',
  status: 'fail',
  rawStatus: 'fail',
  durationMs: 1,
  observations: [],
  transcript: [],
  servers: [
    {
      serverId: 'primary',
      transcript: [
        frame(1, { direction: 'in', kind: 'message', message: { jsonrpc: '2.0', id: 1, method: 'tools/list' } }),
        frame(2, { direction: 'out', kind: 'message', tick: 500, raw: '</script><script>alert(1)</script>' }),
      ],
    },
  ],
  verdicts: [
    {
      invariantId: 'x.y',
      checkId: 'x.y',
      serverId: 'primary',
      status: 'fail',
      message: 'broke',
      nearMiss: 'almost',
      evidence: [{ seq: 2, note: 'the bad answer' }],
    },
  ],
};
const summary: SuiteSummary = {
  runId: 'run-1',
  results: [failing, { ...failing, client: 'reference', status: 'pass', rawStatus: 'pass', verdicts: [] }],
  counts: { pass: 1, fail: 1, 'known-failure': 0, stale: 0, inconclusive: 0, error: 0, 'n/a': 0 },
  exitCode: 1,
  startedAt: '2026-12-01T18:00:00.000Z',
  durationMs: 10,
  cellCount: 2,
};

test("a failing cell's frames carry which check cites them and the clock advance; a passing cell carries none by default", () => {
  const data = toHtmlReportData(summary);
  const [bad, good] = data.cells;
  expect(bad!.frames!.map((f) => [f.seq, f.evidence, f.advancedMs])).toEqual([
    [1, [], undefined],
    [2, ['x.y: the bad answer'], 500],
  ]);
  expect(good!.frames).toBeUndefined();
  expect(toHtmlReportData(summary, 'all').cells[1]!.frames).toHaveLength(2);
});

test('the page embeds the data so that no frame text can close its script element', () => {
  const html = renderHtmlReport(toHtmlReportData(summary), 'console.log("viewer")');
  expect(html).not.toContain('</script><script>alert');
  const json = /<script type="application\/json" id="toolshift-report">(.*)<\/script>/.exec(html)![1]!;
  expect(JSON.parse(json).cells[0].frames[1].raw.raw).toBe('</script><script>alert(1)</script>');
});

test("a failing cell carries its first failing check with each cited frame's label and JSON, for the page to show before any click", () => {
  const [bad, good] = toHtmlReportData(summary).cells;
  expect(bad!.firstFailure).toEqual({
    checkId: 'x.y',
    serverId: 'primary',
    message: 'broke',
    nearMiss: 'almost',
    evidence: [
      {
        serverId: 'primary',
        seq: 2,
        note: 'the bad answer',
        label: 'unparseable message · post-1',
        direction: 'out',
        snippet: JSON.stringify('</script><script>alert(1)</script>'),
      },
    ],
  });
  expect(good!.firstFailure).toBeUndefined();
  // Without transcripts the page still names the check and the frames, without their content.
  expect(toHtmlReportData(summary, 'none').cells[0]!.firstFailure!.evidence).toEqual([
    { serverId: 'primary', seq: 2, note: 'the bad answer' },
  ]);
});
