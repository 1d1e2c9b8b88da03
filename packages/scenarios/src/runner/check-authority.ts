import {
  type Authority,
  type AuthorityRule,
  authorityFor,
  INVARIANTS,
  type NormativeLevel,
  resolveAuthority,
} from '@toolshift/assertions';
import type { Era } from '@toolshift/fake-server';
import { checkId, type Scenario } from '../scenario.js';
import type { CheckVerdict } from './cell.js';

const HARNESS: Authority = {
  level: 'advice',
  basis:
    'a check of the run itself: the client could not do what the scenario asked; which clause a failure breaks, if any, depends on its cause',
};

/**
 * The authority of the runner's own checks (`runner.*`): each judges whether the client could do
 * what the scenario asked at all (connect, build its tool set, finish an action, survive), which
 * no single clause of the specification covers, so each is `advice`; a scorecard root cause names
 * the clause its cause breaks.
 */
export const RUNNER_CHECK_AUTHORITY: Readonly<Record<string, Authority>> = {
  'runner.action-completed': HARNESS,
  'runner.awaited-frame': HARNESS,
  'runner.call-completed': HARNESS,
  'runner.client-connected': HARNESS,
  'runner.client-process-survived': HARNESS,
  'runner.era-negotiated': {
    level: 'advice',
    basis:
      'which revisions a client speaks is its choice (the scorecard measures era support apart); falling back where the other era is refused is seed 002 guidance',
  },
  'runner.model-found-tool': HARNESS,
  'runner.model-request-built': HARNESS,
  'runner.page-mutation-fired': HARNESS,
  'runner.program-exit': HARNESS,
  'runner.tool-set-built': HARNESS,
};

/** The authority rule of one verdict's check: the scenario check's own, else its invariant's, else the runner's. */
export function authorityRuleOf(
  scenario: Scenario,
  verdict: Pick<CheckVerdict, 'checkId' | 'invariantId'>,
): AuthorityRule {
  const check = scenario.checks.find((each) => checkId(each) === verdict.checkId);
  if (check?.authority) return check.authority;
  const invariant = INVARIANTS[check?.invariant ?? verdict.invariantId];
  if (invariant) return invariant.authority;
  return RUNNER_CHECK_AUTHORITY[verdict.checkId] ?? HARNESS;
}

/** The level, clause ids and basis a verdict carries into every report. */
export interface VerdictAuthority {
  level: NormativeLevel;
  clauses?: string[];
  basis?: string;
}

/**
 * Stamps each verdict with the authority of its check in the era the client spoke on that
 * connection (`eraOf(serverId)`: the negotiated era, else the cell's), so every report says whether
 * a failure breaks a MUST or SHOULD (and which) or is advice.
 */
export function stampAuthority<V extends CheckVerdict>(
  verdicts: readonly V[],
  scenario: Scenario,
  eraOf: (serverId: string | undefined) => Era,
): Array<V & VerdictAuthority> {
  return verdicts.map((verdict) => {
    if (verdict.status === 'fail' && verdict.advisory !== undefined)
      return { ...verdict, level: 'advice' as const, basis: verdict.advisory };
    const resolved = resolveAuthority(
      authorityFor(authorityRuleOf(scenario, verdict), eraOf(verdict.serverId)),
    );
    return {
      ...verdict,
      level: resolved.level,
      ...(resolved.clauses ? { clauses: resolved.clauses.map((clause) => clause.id) } : {}),
      ...(resolved.basis !== undefined ? { basis: resolved.basis } : {}),
    };
  });
}
