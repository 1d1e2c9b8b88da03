import type { Writable } from 'node:stream';
import type { CellResult, CellStatus } from '../runner/cell.js';
import type { SuiteSummary } from '../runner/run-suite.js';
import type { Reporter } from './reporter.js';

const LABEL: Record<CellStatus, string> = {
  pass: 'pass',
  fail: 'FAIL',
  'known-failure': 'fail (expected)',
  stale: 'STALE',
  error: 'ERROR',
};

function detail(result: CellResult): string {
  if (result.status === 'stale') return `passes now; remove it from the baseline (${result.baselineReason ?? ''})`;
  const failure = result.firstFailure;
  if (!failure) return '';
  const evidence = failure.evidence.length ? ` [#${failure.evidence.map((ref) => ref.seq).join(', #')}]` : '';
  return `${failure.invariantId}: ${failure.message}${evidence}`;
}

/**
 * The console table: one row per cell (scenario × era × client) with its result and, for a failure,
 * the first failing invariant with its evidence frames; then the totals.
 */
export function consoleTableReporter(out: Writable = process.stdout, options: { width?: number } = {}): Reporter {
  const width = options.width ?? 200;
  return {
    onRunStart(cells) {
      out.write(`toolshift run: ${cells.length} cells\n`);
    },
    onCellEnd(result) {
      out.write(result.status === 'pass' || result.status === 'known-failure' ? '.' : result.status === 'stale' ? 's' : 'F');
    },
    onRunEnd(summary: SuiteSummary) {
      out.write('\n\n');
      const rows = summary.results.map((r) => [r.scenarioId, r.era, r.client, LABEL[r.status], detail(r)]);
      const header = ['scenario', 'era', 'client', 'result', 'first failing check'];
      const widths = header.slice(0, 4).map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
      const line = (cols: string[]) =>
        cols
          .map((col, i) => (i < 4 ? col.padEnd(widths[i]!) : col))
          .join('  ')
          .slice(0, width)
          .trimEnd();
      out.write(`${line(header)}\n${line([...widths.map((w) => '-'.repeat(w)), '-'.repeat(header[4]!.length)])}\n`);
      for (const row of rows) out.write(`${line(row)}\n`);
      const c = summary.counts;
      out.write(
        `\n${summary.results.length} cells in ${(summary.durationMs / 1000).toFixed(1)} s: ${c.pass} pass, ` +
          `${c['known-failure']} expected failure${c['known-failure'] === 1 ? '' : 's'}, ${c.fail} unexpected failure${c.fail === 1 ? '' : 's'}, ` +
          `${c.stale} stale baseline entr${c.stale === 1 ? 'y' : 'ies'}, ${c.error} harness error${c.error === 1 ? '' : 's'}.\n`,
      );
      out.write(summary.exitCode === 0 ? 'Result: matches the baseline.\n' : 'Result: does NOT match the baseline (exit 1).\n');
    },
  };
}
