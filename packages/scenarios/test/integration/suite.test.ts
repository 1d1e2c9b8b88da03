import { describe, expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { CLIENT_ADAPTERS } from '../../src/adapters/index.js';
import { runSuite } from '../../src/runner/run-suite.js';

const reference = CLIENT_ADAPTERS.reference!;
const sdk = CLIENT_ADAPTERS.sdk!;
const ignoresListChanged = CLIENT_ADAPTERS['defect:ignores-list-changed']!;

describe('the scenario suite over real loopback HTTP', () => {
  test('the reference client passes every scenario in both eras', async () => {
    const summary = await runSuite({
      scenarios: SCENARIOS,
      eras: ['legacy', 'modern'],
      clients: [reference],
    });
    const failures = summary.results
      .filter((r) => r.status !== 'pass')
      .map((r) => `${r.scenarioId}/${r.era}: ${r.firstFailure?.message}`);
    expect(failures).toEqual([]);
    expect(summary.results).toHaveLength(SCENARIOS.length * 2);
    expect(summary.exitCode).toBe(0);
  }, 120_000);

  test('a client that ignores change notifications fails tool-added-at-runtime in both eras, with evidence', async () => {
    const scenario = SCENARIOS.find((s) => s.id === 'tool-added-at-runtime')!;
    const summary = await runSuite({
      scenarios: [scenario],
      eras: ['legacy', 'modern'],
      clients: [ignoresListChanged],
      settleTimeoutMs: 1500,
    });
    expect(summary.exitCode).toBe(1);
    for (const result of summary.results) {
      expect(result.status).toBe('fail');
      const failed = result.verdicts.filter((v) => v.status === 'fail').map((v) => v.invariantId);
      expect(failed).toContain('registry.matches-final-catalog');
      expect(result.firstFailure!.evidence.length).toBeGreaterThan(0);
    }
    const legacy = summary.results.find((r) => r.era === 'legacy')!;
    // Legacy: the notification is pushed on the GET stream unsolicited, and no tools/list follows it.
    expect(legacy.verdicts.find((v) => v.invariantId === 'change.relists-after-signal')!.status).toBe('fail');
    // Modern: the defect never subscribes, so the server has nobody to notify.
    const modern = summary.results.find((r) => r.era === 'modern')!;
    expect(modern.verdicts.find((v) => v.invariantId === 'change.relists-after-signal')!.status).toBe(
      'inconclusive',
    );
  }, 60_000);

  test('the official SDK client runs every scenario in both eras and matches the committed baseline', async () => {
    const { loadExpectedFailures } = await import('../../src/baseline/expected-failures.js');
    const { defaultBaselinePath } = await import('../../src/cli/package-root.js');
    const baseline = await loadExpectedFailures(defaultBaselinePath());
    const summary = await runSuite({
      scenarios: SCENARIOS,
      eras: ['legacy', 'modern'],
      clients: [sdk],
      baseline,
    });
    const unexpected = summary.results
      .filter((r) => r.status === 'fail' || r.status === 'stale' || r.status === 'error')
      .map((r) => `${r.scenarioId}/${r.era}: ${r.status} ${r.firstFailure?.message ?? ''}`);
    expect(unexpected).toEqual([]);
  }, 180_000);
});
