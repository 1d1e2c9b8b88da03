import { expect, test } from 'vitest';
import type { CellResult, CellStatus } from '../runner/cell.js';
import type { SuiteSummary } from '../runner/run-suite.js';
import { consoleStyle, displayWidth } from './console-style.js';
import { renderConsoleSummary } from './console-summary.js';

const base = { verdicts: [], transcript: [], servers: [], observations: [], durationMs: 5 };
function cell(scenarioId: string, status: CellStatus, extra: Partial<CellResult> = {}): CellResult {
  return {
    ...base,
    scenarioId,
    era: 'legacy',
    transport: 'http',
    client: 'sdk',
    status,
    rawStatus: status === 'known-failure' ? 'fail' : status === 'stale' ? 'pass' : status,
    ...extra,
  } as CellResult;
}
const failure = (checkId: string) => ({
  invariantId: checkId,
  checkId,
  status: 'fail' as const,
  message: `${checkId} broke.`,
  evidence: [{ seq: 4, note: '' }],
});
function summaryOf(results: CellResult[], exitCode: 0 | 1 = 1): SuiteSummary {
  const counts = { pass: 0, fail: 0, 'known-failure': 0, stale: 0, inconclusive: 0, error: 0, 'n/a': 0 };
  for (const result of results) counts[result.status] += 1;
  return { runId: 'run-1', results, counts, exitCode, startedAt: '2026-12-01T18:00:00.000Z', durationMs: 1000, cellCount: results.length };
}
const plain = { width: 120, verbose: false, style: consoleStyle(false) };

test('the summary leads with unexpected failures and stale entries, then expected failures, then n/a counts', () => {
  const results = [
    ...Array.from({ length: 50 }, (_, i) => cell(`ok-${i}`, 'pass')),
    ...(['legacy', 'modern', 'dual'] as const).map((era) =>
      cell('invalid-schema', 'known-failure', { era, firstFailure: failure('registry.invalid-schema-reported') }),
    ),
    cell('pg-01', 'fail', { firstFailure: failure('discovery.list-requests'), verdicts: [failure('discovery.list-requests')] }),
    cell('tool-removed', 'stale', { baselineReason: 'old bug' }),
    ...Array.from({ length: 30 }, (_, i) =>
      cell(`na-${i}`, 'n/a', { notApplicable: 'the client lacks host-clock', client: i % 2 ? 'sdk' : 'defect:x' }),
    ),
  ];
  const lines = renderConsoleSummary(summaryOf(results), plain);
  const at = (text: string) => lines.findIndex((line) => line.startsWith(text));
  expect(at('Unexpected failures (1)')).toBeGreaterThanOrEqual(0);
  expect(at('Unexpected failures')).toBeLessThan(at('Stale baseline entries'));
  expect(at('Stale baseline entries')).toBeLessThan(at('Expected failures'));
  expect(at('Expected failures')).toBeLessThan(at('Not applicable'));
  expect(lines.join('\n')).toContain('pg-01     legacy  http       sdk     FAIL    discovery.list-requests: discovery.list-requests broke. [#4]');
  // Three expected-failure cells make one line; thirty n/a cells make one line per client and reason; no pass row.
  expect(lines.filter((line) => line.includes('invalid-schema'))).toEqual([
    '  sdk  invalid-schema  3 cells  registry.invalid-schema-reported (legacy, modern, dual × http)',
  ]);
  expect(lines.filter((line) => line.includes('host-clock'))).toEqual([
    '  defect:x  15  the client lacks host-clock',
    '  sdk       15  the client lacks host-clock',
  ]);
  expect(lines.some((line) => line.includes('ok-'))).toBe(false);
  expect(lines.length).toBeLessThan(22);
  expect(lines.at(-1)).toBe('Result: does NOT match the baseline (exit 1).');
});

test('--verbose lists every cell as a row, passes and n/a cells included', () => {
  const results = [cell('ok-1', 'pass'), cell('na-1', 'n/a', { notApplicable: 'no stdio' })];
  const text = renderConsoleSummary(summaryOf(results, 0), { ...plain, verbose: true }).join('\n');
  expect(text).toMatch(/ok-1\s+legacy\s+http\s+sdk\s+pass/);
  expect(text).toMatch(/na-1\s+legacy\s+http\s+sdk\s+n\/a\s+no stdio/);
});

test('rows stay aligned when a scenario id has wide characters', () => {
  const results = [
    cell('検索-ツール', 'fail', { firstFailure: failure('a.b') }),
    cell('plain-id', 'fail', { firstFailure: failure('a.b') }),
  ];
  const rows = renderConsoleSummary(summaryOf(results), plain).filter((line) => line.includes('FAIL'));
  expect(rows).toHaveLength(2);
  const column = rows.map((row) => displayWidth(row.slice(0, row.indexOf('legacy'))));
  expect(column[0]).toBe(column[1]);
});

test('with colour on, failures are red and the totals still read the same without the codes', () => {
  const results = [cell('pg-01', 'fail', { firstFailure: failure('a.b') })];
  const coloured = renderConsoleSummary(summaryOf(results), { ...plain, style: consoleStyle(true) });
  expect(coloured.join('\n')).toContain('\u001b[31m');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping ANSI codes
  const stripped = coloured.map((line) => line.replace(/\u001b\[\d+m/g, ''));
  expect(stripped).toEqual(renderConsoleSummary(summaryOf(results), plain));
});

test('cells that failed alike share one row with their count, eras and transports; the section ends with the command that shows the frames', () => {
  const broken = (seq: number) => ({ ...failure('registry.invalid-schema-reported'), evidence: [{ seq, note: '' }] });
  const results = (['legacy', 'modern'] as const).flatMap((era) =>
    (['http', 'msw', 'in-memory', 'stdio'] as const).map((transport, index) =>
      cell('invalid-schema', 'fail', { era, transport, firstFailure: broken(index < 2 && era === 'legacy' ? 8 : 7) }),
    ),
  );
  results.push(cell('pg-01', 'fail', { firstFailure: failure('discovery.list-requests') }));
  const lines = renderConsoleSummary(summaryOf(results), { ...plain, width: 200 });
  const rows = lines.filter((line) => line.includes('FAIL'));
  expect(rows).toEqual([
    '  invalid-schema  legacy,modern  http,msw,in-memory,stdio  sdk     FAIL    8 cells: registry.invalid-schema-reported: registry.invalid-schema-reported broke.',
    '  pg-01           legacy         http                      sdk     FAIL    discovery.list-requests: discovery.list-requests broke. [#4]',
  ]);
  expect(lines).toContain(
    "The frames a row cites: toolshift explain invalid-schema/legacy/http/sdk prints them for a cell (name any cell above as scenario/era/transport/client), or run with --html FILE for every failing cell's timeline.",
  );
  const custom = renderConsoleSummary(summaryOf(results), {
    ...plain,
    explainCommand: (key) => `toolshift explain ${key} --report r.json`,
  });
  expect(custom.join('\n')).toContain('toolshift explain invalid-schema/legacy/http/sdk --report r.json prints them');
  // --verbose keeps a row per cell.
  const verbose = renderConsoleSummary(summaryOf(results), { ...plain, verbose: true });
  expect(verbose.filter((line) => line.includes('FAIL'))).toHaveLength(9);
});

test("what a client printed is counted in one line, and printed per cell with --verbose", () => {
  const results = [
    cell('empty-list', 'pass', {
      clientStderr: { text: 'Client.listTools() called but server does not advertise tools capability\n', truncatedChars: 0 },
    }),
    cell('ok', 'pass'),
  ];
  const lines = renderConsoleSummary(summaryOf(results, 0), plain);
  expect(lines.join('\n')).not.toContain('Client.listTools()');
  expect(lines).toContain(
    "Client output: 1 cell printed to stderr or the console; each cell's JSON (clientStderr) and JUnit (<system-err>) record holds it, --verbose prints it.",
  );
  const verbose = renderConsoleSummary(summaryOf(results, 0), { ...plain, verbose: true });
  expect(verbose).toEqual(
    expect.arrayContaining([
      'Client output (1)',
      '  empty-list/legacy/http/sdk:',
      '    Client.listTools() called but server does not advertise tools capability',
    ]),
  );
});
