import type { CellResult } from '../runner/cell.js';
import { inconclusiveReason } from '../runner/run-outcome.js';
import type { SuiteSummary } from '../runner/run-suite.js';
import { displayWidth, graphemes } from './console-style.js';
import { levelTag } from './cited-clauses.js';

/** Evidence frames listed in the detail column (the JSON and JUnit reports list them all). */
const MAX_EVIDENCE = 8;

/**
 * Splits `text` into lines of at most `width` terminal columns (wide characters count two), at
 * spaces where it can (a longer word is cut), so a long failure message wraps instead of being cut off.
 */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    let rest = word;
    while (displayWidth(rest) > width) {
      if (line) lines.push(line);
      line = '';
      let head = '';
      const parts = graphemes(rest);
      let taken = 0;
      while (taken < parts.length && displayWidth(head + parts[taken]!) <= width) head += parts[taken++]!;
      if (taken === 0) head = parts[taken++]!;
      lines.push(head);
      rest = parts.slice(taken).join('');
    }
    if (!line) line = rest;
    else if (displayWidth(line) + 1 + displayWidth(rest) <= width) line += ` ${rest}`;
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
    const essential = result.verdicts.filter((verdict) => verdict.essential === true);
    const passedEssential = essential.filter((verdict) => verdict.status === 'pass').length;
    return `judged on the wire: ${result.verdicts.length - unjudged.length} of ${result.verdicts.length} checks, ${passedEssential} of ${essential.length} essential ones passed (n/a: ${unjudged.map((verdict) => verdict.checkId).join(', ')})`;
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
  // The console names the clause a failure breaks; advice (most checks) goes unlabelled there.
  const level = failure.level === 'must' || failure.level === 'should' ? levelTag(failure) : undefined;
  return `${failure.checkId}${level ? ` [${level}]` : ''}: ${failure.message}${evidence}${context}`;
}

/** The last line of the table: whether the run matches the baseline, and if nothing was judged, why. */
export function resultLine(
  summary: Pick<SuiteSummary, 'exitCode' | 'unjudged'> &
    Partial<Pick<SuiteSummary, 'interrupted' | 'interruptedBy' | 'cellCount' | 'results'>>,
): string {
  if (summary.interruptedBy === 'unfinished')
    return `Result: the run has not finished (exit ${summary.exitCode}): this report was written when it started, and toolshift ended before it wrote the run's results here.`;
  if (summary.interruptedBy === 'SIGUSR1')
    return `Result: stopped (exit ${summary.exitCode}): toolshift received SIGUSR1, which would have opened its inspector to the process that sent it (a client under test can send it); a run whose judge someone tried to open to a debugger has no verdict. ${summary.results?.length ?? 0} of ${summary.cellCount ?? '?'} cells had finished.`;
  if (summary.interrupted)
    return `Result: interrupted (exit ${summary.exitCode}): ${summary.results?.length ?? 0} of ${summary.cellCount ?? '?'} cells finished (${summary.interruptedBy ?? 'SIGINT'}); the reports hold those and say the run was interrupted.`;
  switch (summary.exitCode) {
    case 0:
      return 'Result: matches the baseline.';
    case 4:
      return `Result: nothing was judged, so this is not a match (exit 4): ${summary.unjudged ?? ''}`;
    default:
      return `Result: does NOT match the baseline (exit ${summary.exitCode}).`;
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

