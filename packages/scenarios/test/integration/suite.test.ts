import { beforeAll, describe, expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { CLIENT_ADAPTERS } from '../../src/adapters/index.js';
import { loadExpectedFailures } from '../../src/baseline/expected-failures.js';
import { defaultBaselinePath } from '../../src/cli/package-root.js';
import type { CellResult } from '../../src/runner/cell.js';
import { machineConcurrency } from '../../src/runner/machine-concurrency.js';
import { expandCells, runSuite, type SuiteSummary } from '../../src/runner/run-suite.js';
import { CELL_ERAS } from '../../src/scenario.js';

const reference = CLIENT_ADAPTERS.reference!;
const sdk = CLIENT_ADAPTERS.sdk!;

const failing = (result: CellResult) =>
  result.verdicts.filter((verdict) => verdict.status === 'fail').map((verdict) => verdict.checkId);
const describeCell = (result: CellResult) =>
  `${result.scenarioId}/${result.era}/${result.transport}: ${result.status} ${result.firstFailure?.checkId ?? ''} ${result.firstFailure?.message ?? result.error ?? ''}`;

describe('the whole scenario catalog in every era mode (legacy, modern, dual), reference and official SDK clients', () => {
  let summary: SuiteSummary;

  beforeAll(async () => {
    summary = await runSuite({
      scenarios: SCENARIOS,
      eras: CELL_ERAS,
      clients: [reference, sdk],
      baseline: await loadExpectedFailures(defaultBaselinePath()),
      // As many cells at once as `toolshift run` takes for these in-process clients on this machine.
      concurrency: machineConcurrency(undefined, 'in-process'),
      quietMs: 100,
      // Cells expected to fail give up quickly; passing cells converge long before this.
      settleTimeoutMs: 2500,
      waitTimeoutMs: 3000,
    });
  }, 600_000);

  test('every cell of the catalog ran, none with a harness error', () => {
    const cells = expandCells({
      scenarios: SCENARIOS,
      eras: CELL_ERAS,
      clients: [reference, sdk],
    });
    expect(summary.results.map((r) => `${r.scenarioId}/${r.era}/${r.transport}/${r.client}`)).toEqual(
      cells.map((c) => `${c.scenarioId}/${c.era}/${c.transport}/${c.client}`),
    );
    expect(summary.results.filter((r) => r.status === 'error').map(describeCell)).toEqual([]);
  });

  test('the reference client passes every scenario it has the capabilities for, with no expected failure', () => {
    const results = summary.results.filter((r) => r.client === 'reference');
    expect(results.filter((r) => r.status !== 'pass' && r.status !== 'n/a').map(describeCell)).toEqual([]);
    expect(results.filter((r) => r.status === 'pass').length).toBeGreaterThan(0);
    // It runs over every transport: no cell is n/a for a transport reason.
    expect(
      results.filter((r) => /cannot connect over/.test(r.notApplicable ?? '')).map(describeCell),
    ).toEqual([]);
    for (const transport of ['http', 'msw', 'in-memory', 'stdio']) {
      expect(
        results.some((r) => r.transport === transport && r.status === 'pass'),
        transport,
      ).toBe(true);
    }
  });

  test('the official SDK client matches the committed baseline: no unexpected failure, no stale entry', () => {
    const results = summary.results.filter((r) => r.client === 'sdk');
    expect(results.filter((r) => ['fail', 'stale', 'error'].includes(r.status)).map(describeCell)).toEqual(
      [],
    );
    expect(results.filter((r) => r.status === 'pass').length).toBeGreaterThan(0);
  });

  test('each era mode ran, with dual cells for the negotiation scenarios and a handful of basic ones', () => {
    for (const era of CELL_ERAS)
      expect(summary.results.filter((r) => r.era === era && r.status === 'pass').length, era).toBeGreaterThan(
        0,
      );
    const dual = new Set(summary.results.filter((r) => r.era === 'dual').map((r) => r.scenarioId));
    expect([...dual]).toEqual(
      expect.arrayContaining([
        'dual-endpoint-client-picks-an-era',
        'one-valid-tool',
        'tool-added-at-runtime',
      ]),
    );
    expect(dual.size).toBeGreaterThanOrEqual(5);
  });

  test('a cell serves its era only, and both clients negotiate an era the endpoint serves: the SDK and the reference client pick differently on a dual endpoint', () => {
    const ran = summary.results.filter((r) => r.status !== 'n/a');
    const scenarios = new Map(SCENARIOS.map((scenario) => [scenario.id, scenario]));
    for (const result of ran) {
      const scenario = scenarios.get(result.scenarioId)!;
      for (const connection of result.negotiated ?? []) {
        const where = `${describeCell(result)} ${connection.serverId}`;
        const script = scenario.servers.find((server) => server.id === connection.serverId)?.script;
        const pinned = script?.server?.eras;
        if (pinned === undefined && script !== undefined)
          expect(connection.endpointEras, where).toEqual(
            result.era === 'dual' ? ['legacy', 'modern'] : [result.era],
          );
        // A client that never contacted this server (e.g. connect failed earlier) has no era.
        if (connection.attempts.length === 0) continue;
        if (connection.era === undefined) continue;
        expect(connection.endpointEras, where).toContain(connection.era);
        if (result.era === 'legacy') expect(connection.era, where).toBe('legacy');
        if (result.era === 'dual')
          // The SDK's default is the plain 2025-11-25 handshake; the reference client's is auto (probe, then modern).
          expect(connection.era, where).toBe(result.client === 'sdk' ? 'legacy' : 'modern');
        if (result.era === 'modern' && pinned === undefined) expect(connection.era, where).toBe('modern');
        if (result.era === 'modern' && pinned?.length === 1 && pinned[0] === 'legacy')
          expect(connection, where).toMatchObject({ era: 'legacy', fellBackFrom: 'modern' });
      }
      expect(
        result.verdicts
          .filter((verdict) => verdict.checkId === 'runner.era-negotiated')
          .map((v) => v.message),
        describeCell(result),
      ).toEqual([]);
    }
    expect(ran.filter((r) => r.era === 'dual' && r.client === 'sdk').length).toBeGreaterThan(0);
  });

  test('the harness detects every failure the baseline records, with the check the entry names', async () => {
    const baseline = await loadExpectedFailures(defaultBaselinePath());
    expect(baseline.entries.length).toBeGreaterThan(0);
    for (const entry of baseline.entries) {
      const cells = summary.results.filter(
        (r) =>
          r.client === entry.client &&
          r.scenarioId === entry.scenario &&
          (entry.era === undefined || r.era === entry.era) &&
          (entry.transport === undefined || r.transport === entry.transport),
      );
      expect(cells.length, entry.scenario).toBeGreaterThan(0);
      for (const cell of cells) {
        expect(cell.status, describeCell(cell)).toBe('known-failure');
        if (entry.check) expect(failing(cell), describeCell(cell)).toContain(entry.check);
      }
    }
  });

  test('a cell needing a feature or transport the client lacks is n/a with the reason, never a pass', () => {
    const notApplicable = summary.results.filter((r) => r.status === 'n/a');
    expect(notApplicable.length).toBeGreaterThan(0);
    for (const result of notApplicable) {
      expect(result.notApplicable, describeCell(result)).toMatch(/^the client (lacks|cannot connect)/);
      expect(result.verdicts).toEqual([]);
    }
    expect(summary.counts['n/a']).toBe(notApplicable.length);
  });

  test('the default run (reference and official SDK clients, committed baseline) exits 0', () => {
    expect(summary.exitCode).toBe(0);
  });
});
