import { beforeAll, describe, expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { UNUSUAL_CLIENTS } from '../../src/adapters/unusual/index.js';
import { negotiatesLegacyOnDual } from '../../src/adapters/unusual/negotiates-legacy-on-dual.js';
import type { CellResult } from '../../src/runner/cell.js';
import { machineConcurrency } from '../../src/runner/machine-concurrency.js';
import { expandCells, runSuite, type SuiteSummary } from '../../src/runner/run-suite.js';
import { CELL_ERAS } from '../../src/scenario.js';

/** The corpus clients this test runs: all but the one with its own whole-catalog test in every era mode. */
const UNUSUAL = UNUSUAL_CLIENTS.filter((client) => client !== negotiatesLegacyOnDual);

const describeCell = (result: CellResult) => {
  const failing = result.verdicts.filter((verdict) => verdict.status === 'fail');
  return `${result.client} ${result.scenarioId}/${result.era}/${result.transport}: ${result.status} ${
    failing.map((verdict) => `${verdict.checkId}: ${verdict.message}`).join(' | ') || result.error || ''
  }`;
};

/**
 * The false-positive corpus (DEFECTS.md): deliberately correct but unusual clients run the whole
 * catalog in every era mode (legacy, modern and dual cells) and must get no failing verdict; a
 * check that fails one is wrong (`unusual:negotiates-legacy-on-dual` runs in its own test next to
 * it). Transports:
 * loopback HTTP only. Every corpus host reaches servers through SDK clients on `fetch`, which msw
 * intercepts in-process: the msw cells replay the same wire exchange through an interception layer
 * (whose fidelity the transport parity test owns) and would double the run for no new judgement;
 * in-memory and stdio are `n/a` for these hosts (Streamable HTTP only). HTTP alone keeps the run
 * at about a thousand cells.
 */
describe('the false-positive corpus gets no failing verdict on the whole catalog (HTTP, every era mode)', () => {
  let summary: SuiteSummary;

  beforeAll(async () => {
    summary = await runSuite({
      scenarios: SCENARIOS,
      eras: CELL_ERAS,
      transports: ['http'],
      clients: UNUSUAL,
      // As many cells at once as `toolshift run` picks for this machine when clients may run in
      // their own processes (the lower figure: the test files beside it load the machine too), the
      // most expensive first.
      concurrency: machineConcurrency(),
      quietMs: 100,
      settleTimeoutMs: 2500,
      waitTimeoutMs: 3000,
    });
  }, 900_000);

  test('the corpus holds at least 8 variants, each unusual:<name> with what it does and why that is correct', () => {
    expect(UNUSUAL.length).toBeGreaterThanOrEqual(8);
    expect(new Set(UNUSUAL_CLIENTS.map((client) => client.name)).size).toBe(UNUSUAL_CLIENTS.length);
    for (const client of UNUSUAL_CLIENTS) {
      expect(client.name).toMatch(/^unusual:[a-z0-9-]+$/);
      expect(client.kind).toBe('unusual');
      expect(client.unusual.behaviour).not.toBe('');
      expect(client.unusual.whyCorrect).not.toBe('');
    }
  });

  test('every cell ran: one per scenario, era mode and client over HTTP, none with a harness error', () => {
    const cells = expandCells({
      scenarios: SCENARIOS,
      eras: CELL_ERAS,
      transports: ['http'],
      clients: UNUSUAL,
    });
    expect(summary.results.map((r) => `${r.scenarioId}/${r.era}/${r.client}`)).toEqual(
      cells.map((c) => `${c.scenarioId}/${c.era}/${c.client}`),
    );
    expect(summary.results.filter((r) => r.status === 'error').map(describeCell)).toEqual([]);
  });

  test('no corpus client gets a failing verdict: every check passes, is n/a, or is inconclusive with its reason', () => {
    expect(summary.results.filter((r) => r.status === 'fail').map(describeCell)).toEqual([]);
    for (const result of summary.results) {
      for (const verdict of result.verdicts) {
        expect(['pass', 'inconclusive'], describeCell(result)).toContain(verdict.status);
        if (verdict.status === 'inconclusive') expect(verdict.message.length).toBeGreaterThan(10);
      }
      if (result.status === 'n/a') expect(result.notApplicable).toMatch(/^the client (lacks|cannot connect)/);
    }
  });

  test('each corpus client is judged, not waved through: most of its cells pass with checks that passed', () => {
    for (const client of UNUSUAL) {
      const ran = summary.results.filter((r) => r.client === client.name && r.status !== 'n/a');
      const judged = ran.filter((r) => r.verdicts.some((verdict) => verdict.status === 'pass'));
      expect(judged.length, client.name).toBeGreaterThan(ran.length / 2);
    }
  });
});
