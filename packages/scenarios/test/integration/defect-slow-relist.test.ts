import { expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import type { ClientAdapterFactory } from '../../src/adapters/client-adapter.js';
import { NaiveClient, naiveClient } from '../../src/adapters/defects/naive-client.js';
import { CLIENT_ADAPTERS } from '../../src/adapters/index.js';
import { runSuite } from '../../src/runner/run-suite.js';

const scenario = SCENARIOS.find((s) => s.id === 'lc-01-no-list-changed-handler')!;

test('LC-01 fails a client that re-lists only when it next acts, on the order of its re-list and its next call, and nothing else', async () => {
  const summary = await runSuite({
    scenarios: [scenario],
    eras: ['legacy', 'modern'],
    transports: ['http'],
    clients: [CLIENT_ADAPTERS['defect:slow-relist']!],
    // The client never re-lists by itself: the settle after the signal can only time out.
    settleTimeoutMs: 1000,
  });
  expect(summary.exitCode).toBe(1);
  for (const result of summary.results) {
    expect(result.status).toBe('fail');
    const failed = result.verdicts.filter((v) => v.status === 'fail').map((v) => v.checkId);
    // It does re-list and beta becomes callable: only the order catches the late re-list.
    expect(failed).toEqual(['change.relisted-within-bound']);
    expect(result.firstFailure!.message).toMatch(
      /re-listed only at #\d+, after its next use of tools \(call beta\) had begun \(#\d+\)/,
    );
    expect(result.firstFailure!.evidence).toHaveLength(2);
  }
}, 60_000);

/** A correct client on a slow machine: it re-lists on every signal, but its re-list starts 2.5 s late. */
class SlowProcess extends NaiveClient {
  protected override onListChanged(): void {
    this.later(2_500, () => this.refresh());
  }
}

const slowProcess: ClientAdapterFactory = {
  ...naiveClient,
  name: 'slow-process',
  kind: 'unusual',
  description:
    'Re-lists on every change signal, 2.5 s after it (a slow process; the re-list still precedes its next use)',
  create: () => new SlowProcess(),
};

test('LC-01 passes a client whose re-list comes seconds after the signal but before it next acts (no wall-clock bound)', async () => {
  const summary = await runSuite({
    scenarios: [scenario],
    eras: ['legacy', 'modern'],
    transports: ['http'],
    clients: [slowProcess],
    // The settle step waits for the re-list: give a slow process room.
    settleTimeoutMs: 20_000,
  });
  for (const result of summary.results) {
    expect(result.verdicts.filter((v) => v.status === 'fail')).toEqual([]);
    expect(result.verdicts.find((v) => v.checkId === 'change.relisted-within-bound')).toMatchObject({
      status: 'pass',
      evidence: [{ note: expect.stringContaining('before the call beta') }],
    });
  }
  expect(summary.exitCode).toBe(0);
}, 90_000);
