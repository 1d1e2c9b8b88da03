import type { Invariant } from '../invariant.js';
import { argumentsFitCurrentContract } from '../invariants/arguments-fit-current-contract.js';
import { enumerationRestarted } from '../invariants/enumeration-restarted.js';
import { followsEveryCursor } from '../invariants/follows-every-cursor.js';
import { INVARIANTS } from '../invariants/index.js';
import { matchesFinalCatalog } from '../invariants/matches-final-catalog.js';
import { noCrossPrincipalLeak } from '../invariants/no-cross-principal-leak.js';
import { noPermissionTransfer } from '../invariants/no-permission-transfer.js';
import { noSilentRedirect } from '../invariants/no-silent-redirect.js';
import { noStaleExposure } from '../invariants/no-stale-exposure.js';
import { registryNeverMixed } from '../invariants/registry-never-mixed.js';
import { type RelistBound, relistedWithinBound } from '../invariants/relisted-within-bound.js';
import { resubscribedAfterReconnect } from '../invariants/resubscribed-after-reconnect.js';
import type { RunRecord } from '../run-record.js';
import type { Verdict } from '../verdict.js';

/** What a matcher returns (the shape vitest's and jest's `expect.extend` take). */
export interface MatcherResult {
  pass: boolean;
  message: () => string;
}

/** Formats a verdict with its evidence frames and near-miss, for a failure message. */
export function describeVerdict(verdict: Verdict): string {
  const lines = [`${verdict.invariantId}: ${verdict.status}: ${verdict.message}`];
  if (verdict.nearMiss) lines.push(`  near miss: ${verdict.nearMiss}`);
  for (const ref of verdict.evidence) lines.push(`  #${ref.seq} ${ref.note}`);
  return lines.join('\n');
}

function isRunRecord(value: unknown): value is RunRecord {
  const run = value as RunRecord | undefined;
  return (
    typeof run === 'object' &&
    run !== null &&
    Array.isArray(run.transcript) &&
    Array.isArray(run.observations)
  );
}

/**
 * Checks one invariant over a run. The matcher passes only on a `pass` verdict: an inconclusive
 * one (the run never reached the situation) fails, since the test asked about a situation it did
 * not produce. With `.not`, it passes only on `fail`.
 */
function verdictMatcher(invariant: Invariant) {
  return (received: unknown): MatcherResult => {
    if (!isRunRecord(received)) {
      return {
        pass: false,
        message: () => `expected a RunRecord (transcript + observations), got ${typeof received}`,
      };
    }
    const verdict = invariant.check(received);
    return {
      pass: verdict.status === 'pass',
      message: () =>
        verdict.status === 'pass'
          ? `expected the run to violate ${invariant.id}, but it held:\n${describeVerdict(verdict)}`
          : `expected the run to satisfy ${invariant.id} (${invariant.title})\n${describeVerdict(verdict)}`,
    };
  };
}

/**
 * The toolshift matchers, framework-neutral (`expect.extend(toolshiftMatchers)`). Each takes a
 * {@link RunRecord} and checks the named invariant; failure messages carry the verdict, its
 * near-miss and the evidence frames.
 */
export const toolshiftMatchers = {
  /** Any invariant, by id (from `INVARIANTS`) or as a value. */
  toSatisfyInvariant(received: unknown, invariant: string | Invariant): MatcherResult {
    const resolved = typeof invariant === 'string' ? INVARIANTS[invariant] : invariant;
    if (!resolved) {
      return {
        pass: false,
        message: () =>
          `no invariant ${JSON.stringify(invariant)}; known: ${Object.keys(INVARIANTS).join(', ')}`,
      };
    }
    return verdictMatcher(resolved)(received);
  },
  /** `change.relisted-within-bound` (default 2000 ms of logical time). */
  toHaveRelistedAfterChange(received: unknown, bound?: RelistBound): MatcherResult {
    return verdictMatcher(relistedWithinBound(bound))(received);
  },
  /** `change.enumeration-restarted`. */
  toHaveRestartedEnumerationAfterChange: verdictMatcher(enumerationRestarted),
  /** `discovery.follows-every-cursor`. */
  toHaveFollowedEveryCursor: verdictMatcher(followsEveryCursor),
  /** `registry.no-stale-exposure`. */
  toHaveNoStaleExposure: verdictMatcher(noStaleExposure),
  /** `registry.never-mixed`. */
  toHaveSwappedListingsAtomically: verdictMatcher(registryNeverMixed),
  /** `registry.matches-final-catalog`. */
  toMatchFinalCatalog: verdictMatcher(matchesFinalCatalog),
  /** `execution.arguments-fit-current-contract`. */
  toHaveRevalidatedArguments: verdictMatcher(argumentsFitCurrentContract),
  /** `cache.no-cross-principal-leak`. */
  toHaveNoCrossPrincipalLeak: verdictMatcher(noCrossPrincipalLeak),
  /** `reconnect.resubscribed-and-relisted`. */
  toHaveResubscribedAfterReconnect: verdictMatcher(resubscribedAfterReconnect),
  /** `permissions.no-transfer-across-servers`. */
  toHaveKeptPermissionsPerServer: verdictMatcher(noPermissionTransfer),
  /** `execution.no-silent-redirect`. */
  toHaveNoSilentRedirect: verdictMatcher(noSilentRedirect),
};

/** The matcher signatures as seen on `expect(run)` (for module augmentation). */
export interface ToolshiftMatchers<R = unknown> {
  toSatisfyInvariant(invariant: string | Invariant): R;
  toHaveRelistedAfterChange(bound?: RelistBound): R;
  toHaveRestartedEnumerationAfterChange(): R;
  toHaveFollowedEveryCursor(): R;
  toHaveNoStaleExposure(): R;
  toHaveSwappedListingsAtomically(): R;
  toMatchFinalCatalog(): R;
  toHaveRevalidatedArguments(): R;
  toHaveNoCrossPrincipalLeak(): R;
  toHaveResubscribedAfterReconnect(): R;
  toHaveKeptPermissionsPerServer(): R;
  toHaveNoSilentRedirect(): R;
}
