import { expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { CLIENT_ADAPTERS } from '../../src/adapters/index.js';
import { runSuite } from '../../src/runner/run-suite.js';

test('a client that ignores change notifications fails tool-added-at-runtime in both eras, with evidence', async () => {
  const scenario = SCENARIOS.find((s) => s.id === 'tool-added-at-runtime')!;
  const summary = await runSuite({
    scenarios: [scenario],
    eras: ['legacy', 'modern'],
    transports: ['http'],
    clients: [CLIENT_ADAPTERS['defect:ignores-list-changed']!],
    settleTimeoutMs: 1500,
  });
  expect(summary.exitCode).toBe(1);
  for (const result of summary.results) {
    expect(result.status).toBe('fail');
    const failed = result.verdicts.filter((v) => v.status === 'fail').map((v) => v.checkId);
    expect(failed).toContain('registry.matches-final-catalog');
    expect(result.firstFailure!.evidence.length).toBeGreaterThan(0);
  }
  const legacy = summary.results.find((r) => r.era === 'legacy')!;
  // Legacy: the notification is pushed on the GET stream unsolicited, and no tools/list follows it.
  expect(legacy.verdicts.find((v) => v.checkId === 'change.relists-after-signal')!.status).toBe('fail');
  // Modern: the defect never subscribes, so the server has nobody to notify — its own doing (issue 26):
  // the essential change check it left unjudged counts as a failure, with the server's note as evidence.
  const modern = summary.results.find((r) => r.era === 'modern')!;
  expect(modern.verdicts.find((v) => v.checkId === 'change.relists-after-signal')).toMatchObject({
    status: 'fail',
    cause: 'client',
    message: expect.stringContaining('never sent subscriptions/listen'),
  });
  expect(modern.verdicts.find((v) => v.checkId === 'modern.subscribes-to-tool-changes')!.status).toBe('fail');
}, 60_000);
