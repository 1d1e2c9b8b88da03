import { CorpusConnection } from './corpus-connection.js';
import { CorpusHost } from './corpus-host.js';
import { unusual } from './unusual-factory.js';

/** Wall-clock ms the connection waits for more change signals before it re-lists once for all of them. */
export const DEBOUNCE_MS = 250;

/** A connection that coalesces a burst of change signals into one re-list, `DEBOUNCE_MS` after the last. */
class DebouncingConnection extends CorpusConnection {
  private cancel: (() => void) | undefined;
  protected override onListChanged(): void {
    this.cancel?.();
    this.cancel = this.later(DEBOUNCE_MS, () => {
      this.cancel = undefined;
      return this.refresh();
    });
  }
  /** A use flushes a pending re-list instead of waiting the debounce out with stale tools. */
  override async whenCurrent(): Promise<void> {
    if (this.cancel) {
      this.cancel();
      this.cancel = undefined;
      await this.refresh();
    }
    await super.whenCurrent();
  }
  override async close(): Promise<void> {
    this.cancel?.();
    await super.close();
  }
}

class DebouncingHost extends CorpusHost {
  protected override createConnection(): CorpusConnection {
    return new DebouncingConnection();
  }
}

export const debouncesSignals = unusual(
  {
    name: 'debounces-signals',
    behaviour: `Waits ${DEBOUNCE_MS} ms after a change signal for more before re-listing once from page one`,
    whyCorrect:
      'a burst of list_changed (case LC-08) needs one re-list, not one per signal; the re-list still follows the last signal, within the 2 s a user waits (LC-01 E1)',
  },
  () => new DebouncingHost(),
);
