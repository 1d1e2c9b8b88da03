// Issue 26, "What to build" 6: the lazy-client corpus — clients that list once and exit, never open
// a change channel, swallow list errors, answer every call with an error, or connect and do nothing —
// gets fail or inconclusive, never pass, on every scenario whose title it does not make true. This is
// the representative slice (every lazy behaviour; in-process in every era mode over http, and over
// msw; as command programs over http and stdio); lazy-corpus-catalog.test.ts runs the whole catalog.
import { beforeAll, describe, expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import type { ClientAdapterFactory } from '../../src/adapters/client-adapter.js';
import { LAZY_CLIENTS } from '../../src/adapters/lazy/index.js';
import { runSuite, type SuiteSummary } from '../../src/runner/run-suite.js';
import { CELL_ERAS } from '../../src/scenario.js';
import { lazyCommandClients, lazyInfoOf, lazyPasses } from '../support/lazy-corpus.js';

/** A change with a call, the seed's legacy flow, a static listing, and a page that fails. */
const SLICE = SCENARIOS.filter((scenario) =>
  ['tool-added-at-runtime', 'seed-002-legacy-flow', 'one-valid-tool', 'pg-02-page-failure-reported'].includes(
    scenario.id,
  ),
);

const bounds = { concurrency: 2, quietMs: 100, settleTimeoutMs: 1500, waitTimeoutMs: 1500 } as const;
const only = (...ids: string[]) => SLICE.filter((scenario) => ids.includes(scenario.id));

describe('the lazy-client corpus passes no scenario it does not meet (a slice of the catalog)', () => {
  let inProcess: SuiteSummary;
  let commands: SuiteSummary;
  let commandClients: ClientAdapterFactory[];

  beforeAll(async () => {
    commandClients = await lazyCommandClients();
    const [http, msw] = await Promise.all([
      runSuite({ scenarios: SLICE, eras: CELL_ERAS, transports: ['http'], clients: LAZY_CLIENTS, ...bounds }),
      runSuite({
        scenarios: only('tool-added-at-runtime'),
        eras: ['modern'],
        transports: ['msw'],
        clients: LAZY_CLIENTS,
        ...bounds,
      }),
    ]);
    inProcess = { ...http, results: [...http.results, ...msw.results] };
    const [overHttp, overStdio] = await Promise.all([
      runSuite({
        scenarios: only('tool-added-at-runtime', 'pg-02-page-failure-reported'),
        eras: ['legacy'],
        transports: ['http'],
        clients: commandClients,
        ...bounds,
      }),
      runSuite({
        scenarios: only('tool-added-at-runtime'),
        eras: ['modern'],
        transports: ['stdio'],
        clients: commandClients,
        ...bounds,
      }),
    ]);
    commands = { ...overHttp, results: [...overHttp.results, ...overStdio.results] };
  }, 600_000);

  test('the slice has every lazy behaviour miss at least one scenario', () => {
    for (const client of LAZY_CLIENTS) {
      const missed = inProcess.results.filter(
        (result) =>
          result.client === client.name &&
          lazyInfoOf(client.name).misses(
            SCENARIOS.find((s) => s.id === result.scenarioId)!,
            result.transcript,
          ),
      );
      expect(missed.length, client.name).toBeGreaterThan(0);
    }
  });

  test('in-process (http in legacy, modern and dual cells; msw): never a pass where the client misses the title', () => {
    expect(inProcess.results.filter((result) => result.status === 'error').map((r) => r.error)).toEqual([]);
    expect(lazyPasses(inProcess.results)).toEqual([]);
  });

  test('as command programs (http, stdio): never a pass where the client misses the title', () => {
    expect(commands.results.filter((result) => result.status === 'error').map((r) => r.error)).toEqual([]);
    expect(
      commands.results.filter((result) => result.transport === 'stdio' && result.status !== 'n/a').length,
    ).toBeGreaterThan(0);
    expect(lazyPasses(commands.results)).toEqual([]);
  });

  test('each lazy client is judged, not merely left inconclusive: it fails somewhere, and passes what it does meet', () => {
    for (const summary of [inProcess, commands]) {
      for (const client of new Set(summary.results.map((result) => result.client))) {
        const mine = summary.results.filter((result) => result.client === client);
        expect(
          mine.some((result) => result.rawStatus === 'fail'),
          client,
        ).toBe(true);
      }
    }
    // A lazy client is not failed for what it does do: one-valid-tool lists and calls, nothing changes.
    const unchanged = inProcess.results.filter(
      (result) => result.scenarioId === 'one-valid-tool' && result.client === 'lazy:never-listens',
    );
    expect(unchanged.map((result) => result.rawStatus)).toContain('pass');
  });
});
