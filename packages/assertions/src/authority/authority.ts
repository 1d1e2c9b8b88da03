import type { Era } from '@toolshift/fake-server';
import type { NormativeLevel } from './normative-level.js';
import { citeClause, type SpecClause } from './spec-clause.js';
import { specClause } from './spec-clauses.js';

/**
 * On what authority a check judges: one or more clauses of the MCP specification (`must` /
 * `should`: the strongest clause decides the level), or `advice` with its basis (a seed's host
 * guidance, a provider's rule, robustness) — plain data, so a scenario file can carry it.
 */
export type Authority =
  | { level: 'must' | 'should'; clauses: readonly string[] }
  | { level: 'advice'; basis: string };

/**
 * The authority of a check, the same in every era or one per era (`byEra`) where a revision adds
 * a clause the other lacks (e.g. caching rules exist only in 2026-07-28).
 */
export type AuthorityRule = Authority | { byEra: Readonly<Record<Era, Authority>> };

/** An authority resolved for one era, with its clauses looked up: what a verdict and a report carry. */
export interface ResolvedAuthority {
  level: NormativeLevel;
  /** For `must` / `should`: the clauses, quoted. */
  clauses?: SpecClause[];
  /** For `advice` (and `library-doc`): why, or the document's location and words. */
  basis?: string;
}

/** The authority of `rule` for a run in `era` (the era the client negotiated, else the cell's). */
export function authorityFor(rule: AuthorityRule, era: Era): Authority {
  return 'byEra' in rule ? rule.byEra[era] : rule;
}

/**
 * Looks up an authority's clauses.
 * @throws {Error} when it names an unknown clause, or a `must` resting on `should` clauses only.
 */
export function resolveAuthority(authority: Authority): ResolvedAuthority {
  if (authority.level === 'advice') return { level: 'advice', basis: authority.basis };
  const clauses = authority.clauses.map(specClause);
  if (clauses.length === 0) throw new Error(`A ${authority.level} authority names no clause`);
  const strongest = clauses.some((clause) => clause.level === 'must') ? 'must' : 'should';
  if (strongest !== authority.level)
    throw new Error(
      `Authority says ${authority.level} but its clauses (${authority.clauses.join(', ')}) say ${strongest}`,
    );
  return { level: authority.level, clauses };
}

/** One line for a report: `MUST (…): "…"`, or `advice: <basis>`. */
export function describeAuthority(resolved: ResolvedAuthority): string {
  if (resolved.clauses?.length) return resolved.clauses.map(citeClause).join('; ');
  return `${resolved.level}: ${resolved.basis ?? 'no basis given'}`;
}

/** The advice every check of toolshift's host guidance rests on, by seed document. */
export const SEED_000 = 'seed 000 (how a production MCP host should treat tool discovery)';
export const SEED_002 = 'seed 002 (the refresh flow for 2026-07-28 and 2025-11-25)';
