import type { CellStatus } from '../runner/cell.js';
import type { ConsoleStyle } from './console-style.js';

/** One progress mark per cell status; expected failures and inconclusive cells have marks of their own. */
export const PROGRESS_MARKS: Readonly<Record<CellStatus, string>> = {
  pass: '.',
  'known-failure': 'x',
  fail: 'F',
  stale: 'S',
  inconclusive: '?',
  error: 'E',
  'n/a': '-',
};

const MARK_NAMES: Readonly<Record<CellStatus, string>> = {
  pass: 'pass',
  'known-failure': 'expected failure',
  fail: 'unexpected failure',
  stale: 'stale baseline entry',
  inconclusive: 'inconclusive',
  error: 'harness error',
  'n/a': 'n/a',
};

/** Colours a mark or label by what it means: red must be looked at, yellow is known or unjudged. */
export function styleStatus(style: ConsoleStyle, status: CellStatus, text: string): string {
  switch (status) {
    case 'fail':
    case 'stale':
    case 'error':
      return style.red(text);
    case 'known-failure':
    case 'inconclusive':
      return style.yellow(text);
    case 'pass':
      return style.green(text);
    case 'n/a':
      return style.dim(text);
  }
}

/** The legend printed before the dots when the output is not a terminal. */
export function progressLegend(style: ConsoleStyle): string {
  const entries = (Object.keys(PROGRESS_MARKS) as CellStatus[]).map(
    (status) => `${styleStatus(style, status, PROGRESS_MARKS[status])} ${MARK_NAMES[status]}`,
  );
  return `Progress, one mark per cell: ${entries.join('  ')}`;
}

/** Cells finished so far, per status. */
export type ProgressCounts = Record<CellStatus, number>;

/**
 * The live progress line on a terminal: `[n/N] 12 pass, 1 FAIL, 3 expected, 2 inconclusive, 5 n/a`
 * (statuses with no cell yet are left out).
 */
export function progressLine(done: number, total: number, counts: ProgressCounts, style: ConsoleStyle): string {
  const parts: string[] = [];
  const add = (status: CellStatus, label: string) => {
    if (counts[status] > 0) parts.push(styleStatus(style, status, `${counts[status]} ${label}`));
  };
  add('pass', 'pass');
  add('fail', 'FAIL');
  add('stale', 'STALE');
  add('error', 'ERROR');
  add('known-failure', 'expected');
  add('inconclusive', 'inconclusive');
  add('n/a', 'n/a');
  return `[${done}/${total}] ${parts.join(', ')}`;
}
