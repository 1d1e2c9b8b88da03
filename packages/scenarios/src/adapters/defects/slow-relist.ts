import { defect } from './defect-factory.js';
import { NaiveClient, naiveClient } from './naive-client.js';

/** How long this client sits on a change notification before re-listing, wall-clock ms. */
export const SLOW_RELIST_DELAY_MS = 2_500;

/** Re-lists on every notification, but only after a fixed wall-clock delay. */
class SlowRelist extends NaiveClient {
  protected override onListChanged(): void {
    this.later(SLOW_RELIST_DELAY_MS, () => this.refresh());
  }
}

export const slowRelist = defect(
  {
    name: 'slow-relist',
    mistake: `Reacts to tools list_changed, but re-lists only ${SLOW_RELIST_DELAY_MS} ms later (a long debounce, or a refresh queued behind other work).`,
    realWorld: 'LC-01 E1 (re-list within a short bound, e.g. 2 s, of the notification)',
    caughtBy: ['scenario:lc-01-no-list-changed-handler'],
  },
  () => new SlowRelist(),
  naiveClient,
);
