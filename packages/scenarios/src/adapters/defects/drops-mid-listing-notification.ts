import { defect } from './defect-factory.js';
import { NaiveClient, naiveClient } from './naive-client.js';

/** Ignores a change notification that arrives while a listing is in flight ("we are listing anyway"). */
class DropsMidListingNotification extends NaiveClient {
  protected override onListChanged(): void {
    if (this.listingInFlight) return;
    void this.refresh();
  }
}

export const dropsMidListingNotification = defect(
  {
    name: 'drops-mid-listing-notification',
    mistake:
      'Drops a list_changed that arrives while a listing is in flight, keeping the listing it was reading.',
    realWorld: 'case LC-04 E2 (startup race: the notification during the first tools/list is lost)',
    caughtBy: ['scenario:lc-04-change-during-first-listing', 'property:list-changed-race'],
  },
  () => new DropsMidListingNotification(),
  naiveClient,
);
