import { CELL_STATUSES, type CellStatus } from '../runner/cell.js';
import type { SuiteSummary } from '../runner/run-suite.js';
import { PROGRESS_MARKS, progressLegend, progressLine, styleStatus } from './console-progress.js';
import { colorEnabled, consoleStyle } from './console-style.js';
import { renderConsoleSummary } from './console-summary.js';
import type { Reporter } from './reporter.js';

/** Options of {@link consoleTableReporter}. */
export interface ConsoleReportOptions {
  /** Line width in terminal columns (default: the terminal's, else 160). */
  width?: number;
  /** Every cell as a row, passes and `n/a` cells included (default: failures first, the rest counted). */
  verbose?: boolean;
  /** Colour the output (default: {@link colorEnabled}, which honours `NO_COLOR`). */
  color?: boolean;
  /** A live `[n/N]` progress line (default: when `out` is a TTY); otherwise a legend and one mark per cell. */
  live?: boolean;
  /** The command printing a failing cell's frames, given its key (default `toolshift explain <cell>`). */
  explainCommand?: (cell: string) => string;
}

/**
 * The console report: while the run goes, a live `[n/N]` line with counts per status on a
 * terminal, or a legend and one mark per cell otherwise; at the end the summary of
 * {@link renderConsoleSummary}, unexpected failures first. Works from the results alone, so the
 * order cells finish in does not matter.
 */
export function consoleTableReporter(
  out: NodeJS.WritableStream = process.stdout,
  options: ConsoleReportOptions = {},
): Reporter {
  const width = options.width ?? ((out as { columns?: number }).columns || 160);
  const style = consoleStyle(options.color ?? colorEnabled(out));
  const live = options.live ?? (out as { isTTY?: boolean }).isTTY === true;
  const counts = Object.fromEntries(CELL_STATUSES.map((status) => [status, 0])) as Record<CellStatus, number>;
  let total = 0;
  let done = 0;
  return {
    onRunStart(cells) {
      total = cells.length;
      out.write(`toolshift run: ${cells.length} cells\n`);
      if (!live) out.write(`${progressLegend(style)}\n`);
    },
    onCellEnd(result) {
      done += 1;
      counts[result.status] += 1;
      if (live) out.write(`\r\u001b[2K${progressLine(done, total, counts, style)}`);
      else out.write(styleStatus(style, result.status, PROGRESS_MARKS[result.status]));
    },
    onRunEnd(summary: SuiteSummary) {
      out.write(live ? `\r\u001b[2K${progressLine(done, total, counts, style)}\n` : '\n');
      const lines = renderConsoleSummary(summary, {
        width,
        verbose: options.verbose ?? false,
        style,
        ...(options.explainCommand ? { explainCommand: options.explainCommand } : {}),
      });
      out.write(`${lines.join('\n')}\n`);
    },
  };
}
