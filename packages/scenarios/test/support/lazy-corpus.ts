import { fileURLToPath } from 'node:url';
import { SCENARIOS } from '../../catalog/index.js';
import type { ClientAdapterFactory } from '../../src/adapters/client-adapter.js';
import { createCommandClient } from '../../src/adapters/command/create-command-client.js';
import { LAZY_CLIENTS, type LazyInfo } from '../../src/adapters/lazy/index.js';
import type { CellResult } from '../../src/runner/cell.js';

const program = fileURLToPath(new URL('../fixtures/command-clients/lazy-client.mjs', import.meta.url));

/** The lazy behaviour a client of the corpus has: in-process `lazy:<name>`, or the command program's `lazy-command:<name>`. */
export function lazyInfoOf(client: string): LazyInfo {
  const name = client.replace(/^lazy(-command)?:/, '');
  const info = LAZY_CLIENTS.find((factory) => factory.lazy.name === name)?.lazy;
  if (!info) throw new Error(`no lazy client named ${name}`);
  return info;
}

/** The command-protocol program of each lazy behaviour (`lazy-command:<name>`, over http and stdio). */
export function lazyCommandClients(): Promise<ClientAdapterFactory[]> {
  return Promise.all(
    LAZY_CLIENTS.map((factory) =>
      createCommandClient(`${process.execPath} ${JSON.stringify(program)} ${factory.lazy.name}`),
    ),
  );
}

/**
 * Every cell of `results` a lazy client passed although it did not meet the scenario's title
 * (`LazyInfo.misses`, read from the scenario and the cell's own transcript), one line each.
 */
export function lazyPasses(results: readonly CellResult[]): string[] {
  return results.flatMap((result) => {
    if (result.rawStatus !== 'pass') return [];
    const scenario = SCENARIOS.find((each) => each.id === result.scenarioId)!;
    const why = lazyInfoOf(result.client).misses(scenario, result.transcript);
    return why === undefined
      ? []
      : [
          `${result.client} passed ${result.scenarioId}/${result.era}/${result.transport} though ${why}: ${result.verdicts
            .map((verdict) => `${verdict.checkId} ${verdict.status}`)
            .join(', ')}`,
        ];
  });
}
