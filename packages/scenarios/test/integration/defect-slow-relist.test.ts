import { expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { CLIENT_ADAPTERS } from '../../src/adapters/index.js';
import { runSuite } from '../../src/runner/run-suite.js';

test('LC-01 fails a client that re-lists 2.5 s after the notification on its wall-clock bound, and nothing else', async () => {
  const scenario = SCENARIOS.find((s) => s.id === 'lc-01-no-list-changed-handler')!;
  const summary = await runSuite({
    scenarios: [scenario],
    eras: ['legacy', 'modern'],
    transports: ['http'],
    clients: [CLIENT_ADAPTERS['defect:slow-relist']!],
    settleTimeoutMs: 6000,
  });
  expect(summary.exitCode).toBe(1);
  for (const result of summary.results) {
    expect(result.status).toBe('fail');
    const failed = result.verdicts.filter((v) => v.status === 'fail').map((v) => v.checkId);
    // It does re-list and beta becomes callable: only the bound catches the delay.
    expect(failed).toEqual(['change.relisted-within-bound']);
    expect(result.firstFailure!.message).toMatch(/came \d+ ms of wall-clock time later \(bound 2000 ms\)/);
    expect(result.firstFailure!.evidence).toHaveLength(2);
  }
}, 60_000);
