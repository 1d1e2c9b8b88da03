import { neverListed } from '../client-left-unjudged.js';
import type { Invariant } from '../invariant.js';
import { connectionFrames, connectionIds } from '../run-record.js';
import { enumerations, listExchanges } from '../tool-listings.js';
import { fail, inconclusive, pass } from '../verdict.js';

/**
 * A listing never requests the same cursor twice: a server that hands back a cursor it already
 * gave (a stuck or cyclic paginator) ends the walk, rather than sending the client around forever.
 * @see ../shared/cases/discovery-cases.md PG-05 (about 170k requests in 55 s until out of memory)
 */
export const stopsOnRepeatedCursor: Invariant = {
  id: 'discovery.stops-on-repeated-cursor',
  title: 'Within one listing the client never requests the same cursor twice.',
  source: 'cases PG-05 E1-E2; spec digest §2.5 (cursors are opaque; a repeated one is a server bug)',
  authority: {
    level: 'advice',
    basis:
      'robustness: a repeated cursor is the server breaking "SHOULD give stable cursors" (digest §2.5); the spec sets the client no guard',
  },
  check(run) {
    let listings = 0;
    for (const serverId of connectionIds(run)) {
      for (const enumeration of enumerations(listExchanges(connectionFrames(run, serverId)))) {
        if (enumeration.pages.length < 2) continue;
        listings += 1;
        const seen = new Map<string, number>();
        for (const page of enumeration.pages) {
          if (page.cursor === undefined) continue;
          const first = seen.get(page.cursor);
          if (first !== undefined) {
            const repeats = enumeration.pages.filter((p) => p.cursor === page.cursor).length;
            return fail(
              this.id,
              `${serverId}: the listing starting at #${enumeration.pages[0]!.request.seq} requested cursor ${JSON.stringify(page.cursor)} again at #${page.request.seq} (${repeats} times in all, ${enumeration.pages.length} pages).`,
              [
                { seq: first, note: `cursor ${JSON.stringify(page.cursor)} first requested` },
                { seq: page.request.seq, note: 'requested again' },
              ],
              'no repeated-cursor guard: a stuck paginator keeps the client listing forever',
            );
          }
          seen.set(page.cursor, page.request.seq);
        }
      }
    }
    // Never listed: the client's doing when the run used the tools. Listings that never followed a
    // cursor: staging here (discovery.follows-every-cursor judges a cursor left unfollowed).
    if (listings === 0 && listExchanges(connectionFrames(run, run.serverId)).length === 0)
      return neverListed(this.id, run, 'no cursor it could have repeated');
    if (listings === 0)
      return inconclusive(this.id, 'No listing of this run followed a cursor: none could repeat one.');
    return pass(this.id, `No cursor was requested twice in ${listings} multi-page listing(s).`);
  },
};
