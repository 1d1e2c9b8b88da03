import { defect } from './defect-factory.js';
import { NaiveClient, naiveClient } from './naive-client.js';

/**
 * Stops a listing on a cursor it already requested, and on nothing else: a server that hands out a
 * new cursor with every page, each serving the first page again, keeps it listing until a limit
 * of the server or the host cuts it off.
 */
class GuardsRepeatedCursorsOnly extends NaiveClient {
  protected override stalled(): boolean {
    return false;
  }
}

export const guardsRepeatedCursorsOnly = defect(
  {
    name: 'guards-repeated-cursors-only',
    mistake:
      'Guards pagination against a repeated cursor only: fresh cursors that serve the same page again keep it listing.',
    realWorld: 'case PG-05 E2 (a paginator that never advances); issue 10 (a fresh cursor on every page)',
    caughtBy: ['scenario:fresh-cursor-same-page'],
  },
  () => new GuardsRepeatedCursorsOnly(),
  naiveClient,
);
