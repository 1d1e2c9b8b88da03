import { SPEC_CLAUSES, type SpecClause } from '@toolshift/assertions';
import type { CellResult, CheckVerdict } from '../runner/cell.js';

/**
 * Every spec clause the verdicts of `results` rest on, by id, for a report to quote once (each
 * verdict names its clauses by id).
 */
export function citedClauses(results: readonly Pick<CellResult, 'verdicts'>[]): Record<string, SpecClause> {
  const ids = new Set(results.flatMap((result) => result.verdicts.flatMap((verdict) => verdict.clauses ?? [])));
  return Object.fromEntries(
    [...ids]
      .sort()
      .filter((id) => SPEC_CLAUSES[id] !== undefined)
      .map((id) => [id, SPEC_CLAUSES[id]!]),
  );
}

/**
 * A verdict's level as a short tag for a table row: `MUST legacy-session-404-new-session`, `SHOULD …`,
 * or `advice`.
 */
export function levelTag(verdict: Pick<CheckVerdict, 'level' | 'clauses'>): string | undefined {
  if (verdict.level === undefined) return undefined;
  if (verdict.level === 'must' || verdict.level === 'should')
    return `${verdict.level.toUpperCase()} ${(verdict.clauses ?? []).join(', ')}`.trim();
  return verdict.level;
}

/** What a verdict rests on, in one line: the quoted clauses, or the advice's basis. */
export function authorityLine(verdict: Pick<CheckVerdict, 'level' | 'clauses' | 'basis'>): string | undefined {
  if (verdict.level === undefined) return undefined;
  const clauses = (verdict.clauses ?? []).map((id) => SPEC_CLAUSES[id]).filter((c) => c !== undefined);
  if (clauses.length)
    return clauses
      .map(
        (clause) =>
          `${clause.level.toUpperCase()} (${clause.revisions.join(', ')} ${clause.section}): "${clause.quote}"`,
      )
      .join('; ');
  return `${verdict.level}: ${verdict.basis ?? ''}`.trim();
}
