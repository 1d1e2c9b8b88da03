import { describeClientStderr } from '../adapters/client-stderr.js';
import { type CellResult, type CellStatus, cellKey } from '../runner/cell.js';
import type { SuiteSummary } from '../runner/run-suite.js';
import { cellDetail, eraColumn, resultLine, wrapText } from './cell-detail.js';
import { styleStatus } from './console-progress.js';
import { type ConsoleStyle, displayWidth, padDisplay, truncateDisplay } from './console-style.js';

/** How the summary is laid out. */
export interface ConsoleSummaryOptions {
  /** Line width in terminal columns. */
  width: number;
  /** Every cell as a row (passes, expected failures and `n/a` cells too) instead of grouped counts. */
  verbose: boolean;
  style: ConsoleStyle;
  /**
   * The command that prints a failing cell's evidence frames (`toolshift explain <cell> …`), given
   * the cell's key; the failure sections end with it. Default: `toolshift explain <cell>`.
   */
  explainCommand?: (cell: string) => string;
}

const LABEL: Record<CellStatus, string> = {
  pass: 'pass',
  fail: 'FAIL',
  'known-failure': 'fail (expected)',
  stale: 'STALE',
  inconclusive: 'inconclusive',
  error: 'ERROR',
  'n/a': 'n/a',
};

/** Groups of n/a or inconclusive reasons shown before "… more" without `--verbose`. */
const MAX_GROUPS = 8;

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A cell's detail without its evidence frames (`[#8]`), which differ between cells failing alike. */
function detailWithoutFrames(result: CellResult): string {
  return cellDetail(result).replace(/ \[#\d+(?:, (?:#\d+|… \d+ more))*\]/, '');
}

/**
 * Cells that failed alike, one group each: the same status, client, scenario and detail (frames
 * aside), in first-seen order.
 */
function alike(results: readonly CellResult[]): CellResult[][] {
  return groupBy(results, (r) => `${r.status}\u0000${r.client}\u0000${r.scenarioId}\u0000${detailWithoutFrames(r)}`);
}

/** One row per group of cells that failed alike: its eras and transports, and `N cells: ` before the detail. */
function groupRow(group: readonly CellResult[]): string[] {
  const first = group[0]!;
  if (group.length === 1)
    return [first.scenarioId, eraColumn(first), first.transport, first.client, LABEL[first.status], cellDetail(first)];
  const frames = new Set(group.map(cellDetail)).size === 1;
  return [
    first.scenarioId,
    [...new Set(group.map(eraColumn))].join(','),
    [...new Set(group.map((r) => r.transport))].join(','),
    first.client,
    LABEL[first.status],
    `${group.length} cells: ${frames ? cellDetail(first) : detailWithoutFrames(first)}`,
  ];
}

/** Rows of cells: scenario, era, transport, client, result, detail (wrapped under the detail column). */
function cellRows(results: readonly CellResult[], options: ConsoleSummaryOptions, grouped = false): string[] {
  const groups = grouped ? alike(results) : results.map((result) => [result]);
  const rows = groups.map(groupRow);
  const statuses = groups.map((group) => group[0]!.status);
  const header = ['scenario', 'era', 'transport', 'client', 'result', 'detail'];
  const fixed = header.length - 1;
  const widths = header
    .slice(0, fixed)
    .map((h, i) => Math.max(displayWidth(h), ...rows.map((row) => displayWidth(row[i]!))));
  const indent = widths.reduce((sum, w) => sum + w + 2, 0);
  const detailWidth = Math.max(50, options.width - indent - 2);
  const line = (cols: string[], status?: CellStatus) => {
    const [first, ...more] = wrapText(cols[fixed]!, detailWidth);
    const head = cols.slice(0, fixed).map((col, i) => {
      const padded = padDisplay(col, widths[i]!);
      return i === fixed - 1 && status ? styleStatus(options.style, status, padded) : padded;
    });
    return [`  ${[...head, first].join('  ').trimEnd()}`, ...more.map((text) => `  ${' '.repeat(indent)}${text}`)];
  };
  return [
    ...line(header).map(options.style.dim),
    ...rows.flatMap((row, index) => line(row, statuses[index])),
  ];
}

/** `legacy, modern × http, msw`: the eras and transports a group of cells covers. */
function coverage(results: readonly CellResult[]): string {
  const eras = [...new Set(results.map((r) => r.era))].join(', ');
  const transports = [...new Set(results.map((r) => r.transport))].join(', ');
  return `${eras} × ${transports}`;
}

/** Groups `results` by `key`, keeping first-seen order. */
function groupBy(results: readonly CellResult[], key: (result: CellResult) => string): CellResult[][] {
  const groups = new Map<string, CellResult[]>();
  for (const result of results) {
    const k = key(result);
    const group = groups.get(k);
    if (group) group.push(result);
    else groups.set(k, [result]);
  }
  return [...groups.values()];
}

/** Aligned lines of `columns`, each cut to the width (the last column takes what is left). */
function alignedLines(lines: readonly string[][], options: ConsoleSummaryOptions): string[] {
  if (lines.length === 0) return [];
  const count = lines[0]!.length;
  const widths = Array.from({ length: count - 1 }, (_, i) => Math.max(...lines.map((cols) => displayWidth(cols[i]!))));
  return lines.map((cols) => {
    const head = cols.slice(0, -1).map((col, i) => padDisplay(col, widths[i]!));
    const used = head.reduce((sum, col) => sum + displayWidth(col) + 2, 2);
    return `  ${[...head, truncateDisplay(cols[count - 1]!, Math.max(20, options.width - used))].join('  ')}`;
  });
}

/** Expected failures, one line per client × scenario × failing check with its cell count. */
function expectedFailureLines(results: readonly CellResult[], options: ConsoleSummaryOptions): string[] {
  const groups = groupBy(results, (r) => `${r.client}\u0000${r.scenarioId}\u0000${r.firstFailure?.checkId ?? ''}`);
  return alignedLines(
    groups.map((group) => {
      const first = group[0]!;
      return [
        first.client,
        first.scenarioId,
        plural(group.length, 'cell', 'cells'),
        `${first.firstFailure?.checkId ?? 'fail'} (${coverage(group)})`,
      ];
    }),
    options,
  );
}

/** Counts of cells per client and reason (n/a or inconclusive), most frequent first, at most {@link MAX_GROUPS}. */
function reasonCountLines(
  results: readonly CellResult[],
  reason: (result: CellResult) => string,
  options: ConsoleSummaryOptions,
): string[] {
  const groups = groupBy(results, (r) => `${r.client}\u0000${reason(r)}`).sort((a, b) => b.length - a.length);
  const shown = groups.slice(0, MAX_GROUPS);
  const lines = alignedLines(
    shown.map((group) => [group[0]!.client, String(group.length), reason(group[0]!)]),
    options,
  );
  const more = groups.length - shown.length;
  if (more > 0)
    lines.push(
      `  … ${plural(more, 'other reason', 'other reasons')} (${groups
        .slice(MAX_GROUPS)
        .reduce((sum, group) => sum + group.length, 0)} cells); --verbose lists every cell`,
    );
  return lines;
}

/** Lines of a client's output shown per cell with `--verbose` (the reports keep all of it). */
const MAX_OUTPUT_LINES = 12;

/**
 * What clients printed during their cells (their stderr, or an in-process client's console): with
 * `verbose`, the lines per cell; otherwise one line saying how many cells have some and where it is.
 */
function clientOutputLines(results: readonly CellResult[], options: ConsoleSummaryOptions): string[] {
  const printed = results.filter((result) => result.clientStderr);
  if (printed.length === 0) return [];
  if (!options.verbose)
    return [
      '',
      `Client output: ${plural(printed.length, 'cell', 'cells')} printed to stderr or the console; each cell's JSON (clientStderr) and JUnit (<system-err>) record holds it, --verbose prints it.`,
    ];
  return [
    '',
    options.style.bold(`Client output (${printed.length})`),
    ...printed.flatMap((result) => {
      const text = describeClientStderr(result.clientStderr!).split('\n');
      const cut = text.length - MAX_OUTPUT_LINES;
      return [
        `  ${cellKey(result)}:`,
        ...text.slice(0, MAX_OUTPUT_LINES).map((line) => `    ${truncateDisplay(line, Math.max(40, options.width - 4))}`),
        ...(cut > 0 ? [`    … ${plural(cut, 'more line', 'more lines')} in the reports`] : []),
      ];
    }),
  ];
}

/** The totals line: cells, time and a count per status. */
export function totalsLine(summary: SuiteSummary): string {
  const c = summary.counts;
  return (
    `${summary.results.length} cells in ${(summary.durationMs / 1000).toFixed(1)} s: ${c.pass} pass, ` +
    `${plural(c['known-failure'], 'expected failure', 'expected failures')}, ` +
    `${plural(c.fail, 'unexpected failure', 'unexpected failures')}, ` +
    `${plural(c.stale, 'stale baseline entry', 'stale baseline entries')}, ` +
    `${c.inconclusive} inconclusive, ${plural(c.error, 'harness error', 'harness errors')}, ${c['n/a']} n/a.`
  );
}

/**
 * The console summary of a run, failures first: unexpected failures, stale baseline entries and
 * harness errors (a row per cell with the first failing check, its message and evidence frames;
 * cells that failed alike share one row with their count), ending with the command that prints a
 * cell's frames;
 * then expected failures (one line per client × scenario × check) and inconclusive cells, then
 * `n/a` counts per client and reason, and whether clients printed anything (their lines with
 * `verbose`); with `verbose`, every cell as a row instead (passes too).
 * Ends with the totals and the result line. A run that matches its baseline takes a screenful.
 */
export function renderConsoleSummary(summary: SuiteSummary, options: ConsoleSummaryOptions): string[] {
  const { style } = options;
  const of = (status: CellStatus) => summary.results.filter((result) => result.status === status);
  const lines: string[] = [];
  const section = (status: CellStatus, title: string, body: string[], count: number) => {
    if (count === 0) return;
    lines.push('', styleStatus(style, status, style.bold(`${title} (${count})`)), ...body);
  };
  for (const [status, title] of [
    ['fail', 'Unexpected failures'],
    ['stale', 'Stale baseline entries: these cells pass now, remove the entries'],
    ['error', 'Harness errors'],
  ] as const)
    section(status, title, cellRows(of(status), options, !options.verbose), of(status).length);
  // Where the frames a row cites (`[#8]`) can be seen: the terminal command, or the HTML report.
  const cited = summary.results.find((result) => result.status === 'fail' || result.status === 'error');
  if (cited) {
    const explain = options.explainCommand ?? ((cell: string) => `toolshift explain ${cell}`);
    lines.push(
      '',
      `The frames a row cites: ${style.bold(explain(cellKey(cited)))} prints them for a cell (name any cell above as scenario/era/transport/client), or run with --html FILE for every failing cell's timeline.`,
    );
  }
  const expected = of('known-failure');
  section(
    'known-failure',
    'Expected failures, as the baseline says',
    options.verbose ? cellRows(expected, options) : expectedFailureLines(expected, options),
    expected.length,
  );
  const inconclusive = of('inconclusive');
  section(
    'inconclusive',
    'Inconclusive: the run never reached what the checks judge',
    options.verbose ? cellRows(inconclusive, options) : reasonCountLines(inconclusive, cellDetail, options),
    inconclusive.length,
  );
  const notApplicable = of('n/a');
  section(
    'n/a',
    'Not applicable (n/a), cells per client and reason',
    options.verbose
      ? cellRows(notApplicable, options)
      : reasonCountLines(notApplicable, (r) => r.notApplicable ?? 'no reason given', options),
    notApplicable.length,
  );
  if (options.verbose) section('pass', 'Passed', cellRows(of('pass'), options), of('pass').length);
  // What the harness noticed about clients' processes (refused messages, processes left running):
  // no verdict, but never silent.
  const warnings = summary.results.flatMap((result) =>
    (result.harnessWarnings ?? []).map((warning) => `  ${cellKey(result)}: ${warning}`),
  );
  if (warnings.length > 0) lines.push('', style.bold(`Harness warnings (${warnings.length})`), ...warnings);
  lines.push(...clientOutputLines(summary.results, options));
  lines.push('', totalsLine(summary));
  if (summary.shard) {
    lines.push(
      `Shard ${summary.shard.index}/${summary.shard.count}: ${summary.results.length} of the selection's ${summary.shard.selectedCells} cells; merge the shards' JSON reports with 'toolshift merge-reports'.`,
    );
    // Whether the run judged anything is the merged run's call, not one shard's.
    if (summary.unjudged) lines.push(`This shard judged nothing: ${summary.unjudged}`);
  }
  const result = resultLine(summary);
  lines.push(summary.exitCode === 0 ? style.green(result) : style.red(style.bold(result)));
  return lines;
}
