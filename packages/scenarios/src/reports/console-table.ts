import type { CellResult, CellStatus } from '../runner/cell.js';
import { inconclusiveReason } from '../runner/run-outcome.js';
import type { SuiteSummary } from '../runner/run-suite.js';
import type { Reporter } from './reporter.js';

const LABEL: Record<CellStatus, string> = {
  pass: 'pass',
  fail: 'FAIL',
  'known-failure': 'fail (expected)',
  stale: 'STALE',
  inconclusive: 'inconclusive',
  error: 'ERROR',
  'n/a': 'n/a',
};

const PROGRESS: Record<CellStatus, string> = {
  pass: '.',
  'known-failure': '.',
  'n/a': '-',
  stale: 's',
  inconclusive: '?',
  fail: 'F',
  error: 'E',
};

/** Evidence frames listed in the detail column (the JSON and JUnit reports list them all). */
const MAX_EVIDENCE = 8;

/**
 * Splits `text` into lines of at most `width` characters, at spaces where it can (a longer word is
 * cut), so a long failure message wraps instead of being cut off.
 */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    let rest = word;
    while (rest.length > width) {
      if (line) lines.push(line);
      line = '';
      lines.push(rest.slice(0, width));
      rest = rest.slice(width);
    }
    if (!line) line = rest;
    else if (line.length + 1 + rest.length <= width) line += ` ${rest}`;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/**
 * The detail column: the first failing check with its evidence frames, or why the cell is n/a /
 * stale / inconclusive (its first inconclusive check) / an error.
 */
export function cellDetail(result: CellResult): string {
  if (result.status === 'n/a') return result.notApplicable ?? '';
  if (result.status === 'inconclusive')
    return `${inconclusiveReason(result)}${result.baselineReason ? ` (${result.baselineReason})` : ''}`;
  if (result.status === 'stale') return `passes now; remove it from the baseline (${result.baselineReason ?? ''})`;
  if (result.status === 'error') return result.error ?? '';
  const failure = result.firstFailure;
  if (!failure) {
    // A wire-only client: say how much of the scenario the wire could settle.
    const unjudged = result.verdicts.filter((verdict) => verdict.status === 'n/a');
    if (unjudged.length === 0) return '';
    return `judged on the wire: ${result.verdicts.length - unjudged.length} of ${result.verdicts.length} checks (n/a: ${unjudged.map((verdict) => verdict.checkId).join(', ')})`;
  }
  const seqs = failure.evidence.map((ref) => `#${ref.seq}`);
  const more = seqs.length - MAX_EVIDENCE;
  const shown = more > 0 ? [...seqs.slice(0, MAX_EVIDENCE), `… ${more} more`] : seqs;
  const evidence = seqs.length ? ` [${shown.join(', ')}]` : '';
  // What the runner could not judge (e.g. the client failed to build its tool set) explains the failure.
  const context = result.verdicts
    .filter((verdict) => verdict.checkId.startsWith('runner.') && verdict.status === 'inconclusive')
    .map((verdict) => ` (before it: ${verdict.checkId}: ${verdict.message})`)
    .join('');
  return `${failure.checkId}: ${failure.message}${evidence}${context}`;
}

/** The last line of the table: whether the run matches the baseline, and if nothing was judged, why. */
export function resultLine(summary: Pick<SuiteSummary, 'exitCode' | 'unjudged'>): string {
  switch (summary.exitCode) {
    case 0:
      return 'Result: matches the baseline.';
    case 1:
      return 'Result: does NOT match the baseline (exit 1).';
    case 4:
      return `Result: nothing was judged, so this is not a match (exit 4): ${summary.unjudged ?? ''}`;
  }
}

/**
 * The era column: the cell's era, followed by the era(s) the client negotiated when they differ
 * from it (`dual→legacy`: a dual endpoint where the client picked 2025-11-25; `modern→legacy`: it
 * fell back on a legacy-only server). A connection with no negotiated era adds nothing.
 */
export function eraColumn(result: CellResult): string {
  const spoken = [...new Set((result.negotiated ?? []).flatMap((connection) => connection.era ?? []))].sort();
  if (spoken.length === 0 || (spoken.length === 1 && spoken[0] === result.era)) return result.era;
  return `${result.era}→${spoken.join('+')}`;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The console table: one row per cell (scenario × era × transport × client) with its result and,
 * for a failure, the first failing check with its whole message and evidence frames, wrapped onto
 * continuation lines under the detail column; then the totals. `width` is the line width in
 * characters (default: the terminal's, else 160); the detail column gets at least 50.
 */
export function consoleTableReporter(
  out: NodeJS.WritableStream = process.stdout,
  options: { width?: number } = {},
): Reporter {
  const width = options.width ?? ((out as { columns?: number }).columns || 160);
  return {
    onRunStart(cells) {
      out.write(`toolshift run: ${cells.length} cells\n`);
    },
    onCellEnd(result) {
      out.write(PROGRESS[result.status]);
    },
    onRunEnd(summary: SuiteSummary) {
      out.write('\n\n');
      const rows = summary.results.map((r) => [
        r.scenarioId,
        eraColumn(r),
        r.transport,
        r.client,
        LABEL[r.status],
        cellDetail(r),
      ]);
      const header = ['scenario', 'era', 'transport', 'client', 'result', 'detail'];
      const fixed = header.length - 1;
      const widths = header
        .slice(0, fixed)
        .map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
      const indent = widths.reduce((sum, w) => sum + w + 2, 0);
      const detailWidth = Math.max(50, width - indent);
      const line = (cols: string[]) => {
        const [first, ...more] = wrapText(cols[fixed]!, detailWidth);
        const head = [...cols.slice(0, fixed).map((col, i) => col.padEnd(widths[i]!)), first].join('  ').trimEnd();
        return [head, ...more.map((text) => `${' '.repeat(indent)}${text}`)].join('\n');
      };
      out.write(`${line(header)}\n${line([...widths.map((w) => '-'.repeat(w)), '-'.repeat(header[fixed]!.length)])}\n`);
      for (const row of rows) out.write(`${line(row)}\n`);
      const c = summary.counts;
      out.write(
        `\n${summary.results.length} cells in ${(summary.durationMs / 1000).toFixed(1)} s: ${c.pass} pass, ` +
          `${plural(c['known-failure'], 'expected failure', 'expected failures')}, ` +
          `${plural(c.fail, 'unexpected failure', 'unexpected failures')}, ` +
          `${plural(c.stale, 'stale baseline entry', 'stale baseline entries')}, ` +
          `${c.inconclusive} inconclusive, ${plural(c.error, 'harness error', 'harness errors')}, ${c['n/a']} n/a.\n`,
      );
      if (summary.shard) {
        out.write(
          `Shard ${summary.shard.index}/${summary.shard.count}: ${summary.results.length} of the selection's ${summary.shard.selectedCells} cells; merge the shards' JSON reports with 'toolshift merge-reports'.\n`,
        );
        // Whether the run judged anything is the merged run's call, not one shard's.
        if (summary.unjudged) out.write(`This shard judged nothing: ${summary.unjudged}\n`);
      }
      out.write(`${resultLine(summary)}\n`);
    },
  };
}
