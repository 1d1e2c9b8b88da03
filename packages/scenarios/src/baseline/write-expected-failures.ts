import { stringify } from 'yaml';
import type { ClientAdapterFactory } from '../adapters/client-adapter.js';
import type { CellResult } from '../runner/cell.js';
import type { ExpectedFailure } from './expected-failures.js';

/** A baseline written from a run's failures, and the failures it could not take. */
export interface WrittenBaseline {
  entries: ExpectedFailure[];
  /** Failing cells of reference clients: a reference client is never excused, so they stay failures. */
  referenceFailures: number;
  /** Cells that hit a harness error: a baseline cannot excuse those either. */
  harnessErrors: number;
}

/** A cell counted by a baseline entry: it ran and was judged (passed or failed). */
const judged = (result: CellResult) => result.rawStatus === 'pass' || result.rawStatus === 'fail';

/**
 * The expected-failures baseline for a run's current failures: one entry per failing check of every
 * failing cell of a client that may have baseline entries (all but `reference` clients), with the
 * check's near-miss text (else its message) as the starting reason. When a check failed in every
 * judged cell of a client × scenario, one entry without `era`/`transport` covers them all;
 * otherwise each cell gets its own entry. Checks failing on two servers of one cell give one entry.
 */
export function expectedFailuresFromResults(
  results: readonly CellResult[],
  clients: ReadonlyMap<string, Pick<ClientAdapterFactory, 'kind'>>,
): WrittenBaseline {
  const entries: ExpectedFailure[] = [];
  const seen = new Set<string>();
  let referenceFailures = 0;
  const failing = results.filter((result) => result.rawStatus === 'fail');
  for (const result of failing) {
    if (clients.get(result.client)?.kind === 'reference') {
      referenceFailures += 1;
      continue;
    }
    const siblings = results.filter(
      (other) => other.client === result.client && other.scenarioId === result.scenarioId && judged(other),
    );
    for (const verdict of result.verdicts) {
      if (verdict.status !== 'fail') continue;
      const everywhere = siblings.every((other) =>
        other.verdicts.some((v) => v.status === 'fail' && v.checkId === verdict.checkId),
      );
      const key = [
        result.client,
        result.scenarioId,
        verdict.checkId,
        ...(everywhere ? [] : [result.era, result.transport]),
      ].join('\u0000');
      if (seen.has(key)) continue;
      seen.add(key);
      entries.push({
        client: result.client,
        scenario: result.scenarioId,
        ...(everywhere ? {} : { era: result.era, transport: result.transport }),
        check: verdict.checkId,
        reason: verdict.nearMiss ?? verdict.message,
      });
    }
  }
  return {
    entries,
    referenceFailures,
    harnessErrors: results.filter((result) => result.rawStatus === 'error').length,
  };
}

/** A baseline file's text: a comment saying where it came from, then `expectedFailures: [...]` as YAML. */
export function renderExpectedFailures(entries: readonly ExpectedFailure[], command: string): string {
  const header = [
    `# Expected failures written by \`${command}\`.`,
    "# Each reason starts as the failing check's near-miss text: replace it with why the client fails.",
    '# Run with --baseline FILE; an entry whose cells pass again is reported as STALE.',
  ].join('\n');
  return `${header}\n${stringify({ expectedFailures: entries }, { lineWidth: 100 })}`;
}
