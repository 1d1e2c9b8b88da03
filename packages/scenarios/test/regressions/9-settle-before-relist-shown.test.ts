// Issue 9, point 11: `pnpm test` failed on a busy machine with "admin-conn missing 'gamma'" in the
// SDK cell lc-11-per-user-connections/legacy/http. Root cause: `settle { until: quiet }` ended once
// the wire was quiet, while the client was still processing the re-list it had just received; on a
// loaded machine that takes longer than the quiet period, so the run ended before the client showed
// its new catalog. Forced here with a host that reports its tool set a while after each listing.
import { expect, test } from 'vitest';
import { lc11PerUserConnections } from '../../catalog/list-changed/lc-11-per-user-connections.scenario.js';
import type { ClientAdapterFactory, ClientObserver } from '../../src/adapters/client-adapter.js';
import { SdkClientAdapter } from '../../src/adapters/sdk-adapter.js';
import { runCell } from '../../src/runner/run-cell.js';

const QUIET_MS = 20;
/** How long the host takes to show a listing it received: far longer than the quiet period. */
const SHOW_DELAY_MS = QUIET_MS * 15;

/** The official SDK client behind a host that is slow to show what it listed (as on a busy machine). */
const slowToShow: ClientAdapterFactory = {
  name: 'sdk-slow-to-show',
  kind: 'external',
  description: 'the SDK client, reporting each tool set a while after it got it',
  capabilities: { transports: ['http', 'msw'], features: ['multi-server', 'bearer-auth'] },
  create: () => {
    const adapter = new SdkClientAdapter();
    const connect = adapter.connect.bind(adapter);
    adapter.connect = (target, observer) => {
      const slow: ClientObserver = {
        ...observer,
        exposure: (tools) => {
          setTimeout(() => observer.exposure(tools), SHOW_DELAY_MS);
        },
      };
      return connect(target, slow);
    };
    return adapter;
  },
};

for (const era of ['legacy', 'modern'] as const) {
  test(`settle waits until the client shows the listing it received (lc-11, ${era}, two principals)`, async () => {
    const result = await runCell(lc11PerUserConnections, era, slowToShow, {
      transport: 'http',
      quietMs: QUIET_MS,
      settleTimeoutMs: 10_000,
    });
    expect(
      result.verdicts.filter((verdict) => verdict.status === 'fail').map((v) => `${v.checkId}: ${v.message}`),
    ).toEqual([]);
    expect(result.verdicts.find((verdict) => verdict.checkId === 'admin-catalogue')?.status).toBe('pass');
    expect(result.verdicts.find((verdict) => verdict.checkId === 'user-catalogue')?.status).toBe('pass');
  });
}
