import { beforeAll, describe, expect, test } from 'vitest';
import { SCENARIOS } from '../../../catalog/index.js';
import type { CellResult } from '../../runner/cell.js';
import { machineConcurrency } from '../../runner/machine-concurrency.js';
import { runSuite, type SuiteSummary } from '../../runner/run-suite.js';
import { CELL_ERAS } from '../../scenario.js';
import { negotiatesLegacyOnDual } from './negotiates-legacy-on-dual.js';

const describeCell = (result: CellResult) =>
  `${result.scenarioId}/${result.era}/${result.transport}: ${result.rawStatus} ${result.firstFailure?.checkId ?? ''} ${result.firstFailure?.message ?? result.error ?? ''}`;

describe('unusual:negotiates-legacy-on-dual (a 2025-11-25-only client) on the whole catalog, every era mode', () => {
  let summary: SuiteSummary;

  beforeAll(async () => {
    summary = await runSuite({
      scenarios: SCENARIOS,
      eras: CELL_ERAS,
      clients: [negotiatesLegacyOnDual],
      // As many cells at once as `toolshift run` picks for in-process clients on this machine: the
      // cells mostly wait out quiet periods (36 s at 4 at once, 10 s at 48, on 2 cores).
      concurrency: machineConcurrency(undefined, 'in-process'),
      quietMs: 100,
      settleTimeoutMs: 2500,
      waitTimeoutMs: 3000,
    });
  }, 600_000);

  test('gets no failing verdict anywhere: every cell passes or is n/a', () => {
    expect(
      summary.results.filter((r) => r.rawStatus !== 'pass' && r.rawStatus !== 'n/a').map(describeCell),
    ).toEqual([]);
    expect(summary.results.flatMap((r) => r.verdicts).filter((v) => v.status === 'fail')).toEqual([]);
  });

  test('speaks 2025-11-25 on every endpoint, dual-era ones included, and falls back where a modern cell pins a legacy server', () => {
    const ran = summary.results.filter((r) => r.rawStatus === 'pass');
    expect(ran.filter((r) => r.era === 'dual').length).toBeGreaterThan(0);
    expect(ran.filter((r) => r.era === 'modern').map((r) => r.scenarioId)).toContain(
      'modern-preferred-falls-back-to-legacy',
    );
    for (const result of ran)
      for (const connection of result.negotiated ?? [])
        if (connection.attempts.length > 0) expect(connection.era, describeCell(result)).toBe('legacy');
  });

  test('modern-only checks are inconclusive for it with the reason, never failed', () => {
    const subscribes = summary.results
      .filter((r) => r.era === 'dual')
      .flatMap((r) => r.verdicts.filter((v) => v.checkId === 'modern.subscribes-to-tool-changes'));
    expect(subscribes.length).toBeGreaterThan(0);
    for (const verdict of subscribes) {
      expect(verdict.status).toBe('inconclusive');
      expect(verdict.message).toContain('negotiated 2025-11-25');
    }
  });

  test('a cell whose endpoint serves only 2026-07-28 is n/a, naming the era it lacks', () => {
    const modernOnly = summary.results.filter(
      (r) => r.era === 'modern' && r.scenarioId === 'one-valid-tool' && r.transport === 'http',
    );
    expect(modernOnly.length).toBeGreaterThan(0);
    for (const result of modernOnly)
      expect(result.notApplicable).toBe(
        'the client speaks only 2025-11-25 (legacy), and server primary serves only 2026-07-28 (modern) in this cell',
      );
  });
});
