import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { CLIENT_ADAPTERS } from '../../src/adapters/index.js';
import {
  closeIsolatedClients,
  loadIsolatedClients,
} from '../../src/runner/client-process/isolated-client.js';
import { runSuite } from '../../src/runner/run-suite.js';
import { TRANSPORT_KINDS } from '../../src/scenario.js';

// Tests here start client processes (tsx compiles the sources in the child): each is bounded at
// 240 s, a safety net for a busy machine, not a speed claim.

const fixture = (name: string) =>
  fileURLToPath(new URL(`../fixtures/client-modules/${name}.mjs`, import.meta.url));

/** Scenarios that between them use every adapter method and every transport. */
const IDS = [
  'one-valid-tool',
  'tool-added-at-runtime',
  'paginated-list',
  'stdio-server-respawned',
  'standing-grant-stays-with-its-server',
  'au-02-expired-token-status',
  'rm-01-tool-removed-mid-turn',
  'session-restored-after-expiry',
  'lc-04-change-during-first-listing',
  'au-01-hidden-tool-after-step-up',
];

test('a module client is judged in the runner over every transport: the reference client in a client process gets the verdicts it gets in-process', async () => {
  const [isolated] = await loadIsolatedClients(fixture('reference-in-a-process'));
  try {
    const summary = await runSuite({
      scenarios: SCENARIOS.filter((scenario) => IDS.includes(scenario.id)),
      eras: ['legacy', 'modern'],
      clients: [CLIENT_ADAPTERS.reference!, isolated!],
      concurrency: 4,
    });
    const key = (result: (typeof summary.results)[number]) =>
      `${result.scenarioId}/${result.era}/${result.transport}`;
    const inProcess = new Map(
      summary.results
        .filter((result) => result.client === 'reference')
        .map((result) => [key(result), result]),
    );
    const remote = summary.results.filter((result) => result.client === 'reference-in-a-process');
    expect(
      new Set(remote.filter((result) => result.status !== 'n/a').map((result) => result.transport)),
    ).toEqual(new Set(TRANSPORT_KINDS));
    for (const result of remote) {
      const same = inProcess.get(key(result))!;
      const verdicts = (cell: typeof result) =>
        cell.verdicts.map((verdict) => `${verdict.checkId}: ${verdict.status}`);
      expect({ cell: key(result), status: result.status, verdicts: verdicts(result) }).toEqual({
        cell: key(result),
        status: same.status,
        verdicts: verdicts(same),
      });
      expect(result.harnessWarnings).toBeUndefined();
    }
  } finally {
    await closeIsolatedClients([isolated!]);
  }
}, 240_000);
