import { SCENARIOS } from '../../../catalog/index.js';
import { PROPERTIES } from '../../properties/index.js';
import { PropertyExplorer } from '../../properties/property-explorer.js';
import { runCell } from '../../runner/run-cell.js';
import type { ClientAdapterFactory } from '../client-adapter.js';

/** Options of {@link runCatcher}. */
export interface CatcherOptions {
  /** fast-check seed for property catchers. */
  seed: number;
  /** Most runs of a property catcher (it stops at the first failure). */
  numRuns: number;
}

/** Whether a catcher failed the client, and how. */
export interface CatcherOutcome {
  catcher: string;
  client: string;
  caught: boolean;
  /** The first failure (property report or failing verdict), or what held. */
  detail: string;
}

/**
 * Runs one catcher of the defect catalogue against a client: `property:<id>` explores that
 * property (no shrinking, stopping at the first counterexample), `scenario:<id>` runs the named
 * scenario in each era it applies to over loopback HTTP.
 * @throws Error when the catcher names no known property or scenario.
 */
export async function runCatcher(
  catcher: string,
  client: ClientAdapterFactory,
  options: CatcherOptions,
): Promise<CatcherOutcome> {
  const [kind, id] = catcher.split(':', 2) as [string, string];
  if (kind === 'property') {
    const suite = PROPERTIES[id];
    if (!suite) throw new Error(`Unknown property '${id}' in catcher ${catcher}`);
    const outcome = await new PropertyExplorer(suite, client, { ...options, shrink: false }).check();
    return {
      catcher,
      client: client.name,
      caught: !outcome.ok,
      detail: outcome.ok ? outcome.report : outcome.failures.join('\n'),
    };
  }
  if (kind === 'scenario') {
    const scenario = SCENARIOS.find((candidate) => candidate.id === id);
    if (!scenario) throw new Error(`Unknown scenario '${id}' in catcher ${catcher}`);
    for (const era of scenario.eras) {
      const cell = await runCell(scenario, era, client, { settleTimeoutMs: 2000 });
      if (cell.rawStatus === 'fail') {
        const verdict = cell.firstFailure!;
        return {
          catcher,
          client: client.name,
          caught: true,
          detail: `${era}: ${verdict.invariantId}: ${verdict.message}`,
        };
      }
    }
    return {
      catcher,
      client: client.name,
      caught: false,
      detail: `passed in ${scenario.eras.join(', ')}`,
    };
  }
  throw new Error(`A catcher is property:<id> or scenario:<id>, not ${catcher}`);
}
