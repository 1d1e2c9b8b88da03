import { BOTH_ERA_CLAUSES } from './clauses-both-eras.js';
import { LEGACY_CLAUSES } from './clauses-legacy.js';
import { MODERN_CLAUSES } from './clauses-modern.js';
import type { SpecClause } from './spec-clause.js';

/** Every clause a check or a scorecard root cause may cite, by id (`spec-clauses.test.ts` pins the list). */
export const SPEC_CLAUSES: Readonly<Record<string, SpecClause>> = Object.fromEntries(
  [...LEGACY_CLAUSES, ...MODERN_CLAUSES, ...BOTH_ERA_CLAUSES].map((clause) => [clause.id, clause]),
);

/**
 * The clause with id `id`.
 * @throws {Error} for an unknown id (a check citing one fails the catalog test, not a run).
 */
export function specClause(id: string): SpecClause {
  const clause = SPEC_CLAUSES[id];
  if (!clause) throw new Error(`Unknown spec clause '${id}' (see packages/assertions/src/authority/)`);
  return clause;
}
