// Issue 26, "What to build" 6, the whole catalog: every lazy client gets fail or inconclusive, never
// pass, on every scenario whose title it does not make true — in-process in every era mode over
// http (msw carries the same fetch exchange; lazy-corpus.test.ts runs a slice over it), and as
// command programs over stdio (the slice runs them over http too).
import { describe, expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { LAZY_CLIENTS } from '../../src/adapters/lazy/index.js';
import { machineConcurrency } from '../../src/runner/machine-concurrency.js';
import { runSuite } from '../../src/runner/run-suite.js';
import { CELL_ERAS } from '../../src/scenario.js';
import { lazyCommandClients, lazyPasses } from '../support/lazy-corpus.js';

const bounds = { quietMs: 100, settleTimeoutMs: 2000, waitTimeoutMs: 2000 } as const;

describe('the lazy-client corpus passes no scenario it does not meet (whole catalog)', () => {
  test('in-process, every era mode, http', async () => {
    const summary = await runSuite({
      scenarios: SCENARIOS,
      eras: CELL_ERAS,
      transports: ['http'],
      clients: LAZY_CLIENTS,
      concurrency: machineConcurrency(),
      ...bounds,
    });
    expect(summary.results.filter((result) => result.status === 'error').map((r) => r.error)).toEqual([]);
    expect(lazyPasses(summary.results)).toEqual([]);
  }, 1_800_000);

  test('as command programs, legacy and modern, stdio', async () => {
    const summary = await runSuite({
      scenarios: SCENARIOS,
      eras: ['legacy', 'modern'],
      transports: ['stdio'],
      clients: await lazyCommandClients(),
      concurrency: machineConcurrency(),
      ...bounds,
    });
    expect(summary.results.filter((result) => result.status === 'error').map((r) => r.error)).toEqual([]);
    expect(summary.results.filter((result) => result.status !== 'n/a').length).toBeGreaterThan(0);
    expect(lazyPasses(summary.results)).toEqual([]);
  }, 1_800_000);
});
