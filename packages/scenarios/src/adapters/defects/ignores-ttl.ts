import { defect } from './defect-factory.js';
import { NaiveClient, naiveClient } from './naive-client.js';

/** Keeps a listing until a notification arrives, whatever its ttlMs says. */
class IgnoresTtl extends NaiveClient {
  protected override scheduleFreshness(): void {}
}

export const ignoresTtl = defect(
  {
    name: 'ignores-ttl',
    mistake:
      'Ignores ttlMs and never re-fetches without a notification, so a server without listChanged is frozen.',
    realWorld:
      'spec 2026-07-28 caching (digest §7: re-fetch once stale); case LC-10 (tools cached for the session)',
    caughtBy: ['scenario:seed-002-modern-ttl-backstop', 'property:ttl-freshness'],
  },
  () => new IgnoresTtl(),
  naiveClient,
);
