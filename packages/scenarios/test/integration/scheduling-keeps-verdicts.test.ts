// Issue 16, the guard of the main job's scheduling: the catalog run the old way (cells started in
// listed order, 4 at a time) and the new way (most expensive first, as many at once as
// `toolshift run` picks for this machine and these in-process clients), with the same seed, gives identical verdicts in every
// cell. Starting order and concurrency may change how long a run takes, never what it says.
import { beforeAll, describe, expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { CLIENT_ADAPTERS } from '../../src/adapters/index.js';
import { loadExpectedFailures } from '../../src/baseline/expected-failures.js';
import type { CellResult } from '../../src/runner/cell.js';
import { machineConcurrency } from '../../src/runner/machine-concurrency.js';
import { runSuite, type SuiteOptions } from '../../src/runner/run-suite.js';
import { CELL_ERAS, type ScenarioTransport } from '../../src/scenario.js';

const SEED = 1616;

/**
 * Every scenario of the catalog in every cell era it runs in, over its first transport, against the
 * reference client over HTTP and msw and the official SDK client over stdio and in-memory: the
 * whole catalog, every transport, at a price a test run can pay.
 */
async function runCatalog(scheduling: Pick<SuiteOptions, 'order' | 'concurrency'>): Promise<CellResult[]> {
  const baseline = await loadExpectedFailures(
    new URL('../../baselines/expected-failures.yaml', import.meta.url).pathname,
  );
  const results: CellResult[] = [];
  for (const transport of ['http', 'msw', 'stdio', 'in-memory'] as ScenarioTransport[]) {
    const scenarios = SCENARIOS.filter((scenario) => scenario.transports[0] === transport);
    if (scenarios.length === 0) continue;
    const client =
      transport === 'http' || transport === 'msw' ? CLIENT_ADAPTERS.reference! : CLIENT_ADAPTERS.sdk!;
    const summary = await runSuite({
      scenarios,
      eras: CELL_ERAS,
      transports: [transport],
      clients: [client],
      seed: SEED,
      baseline,
      ...scheduling,
    });
    results.push(...summary.results);
  }
  return results;
}

/** What a cell says: its status and each verdict's check, server and status (messages may quote wall times). */
const verdictsOf = (result: CellResult) => ({
  status: result.status,
  verdicts: result.verdicts
    .map((verdict) => `${verdict.checkId}@${verdict.serverId ?? ''}=${verdict.status}`)
    .sort(),
});

describe('the scheduling of a run never changes its verdicts', () => {
  let listed: CellResult[];
  let longestFirst: CellResult[];

  beforeAll(async () => {
    listed = await runCatalog({ order: 'listed', concurrency: 4 });
    longestFirst = await runCatalog({
      order: 'longest-first',
      concurrency: machineConcurrency(undefined, 'in-process'),
    });
  }, 900_000);

  test('both runs ran the same cells, most of them for real', () => {
    const keys = (results: CellResult[]) =>
      results.map((r) => `${r.scenarioId}/${r.era}/${r.transport}/${r.client}`);
    expect(keys(longestFirst)).toEqual(keys(listed));
    expect(listed.filter((r) => r.rawStatus !== 'n/a').length).toBeGreaterThan(listed.length / 2);
  });

  test('every cell has the same status and verdicts, listed 4 at a time or longest first at machine concurrency', () => {
    for (const [index, result] of listed.entries()) {
      const key = `${result.scenarioId}/${result.era}/${result.transport}/${result.client}`;
      expect(verdictsOf(longestFirst[index]!), key).toEqual(verdictsOf(result));
    }
  });
});
