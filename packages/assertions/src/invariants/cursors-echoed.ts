import { neverListed } from '../client-left-unjudged.js';
import type { Invariant } from '../invariant.js';
import { connectionFrames } from '../run-record.js';
import { listExchanges } from '../tool-listings.js';
import { fail, inconclusive, pass } from '../verdict.js';

/**
 * Cursors are opaque: each continuation request carries, byte for byte, the `nextCursor` of the
 * page answered just before it on this connection. A client that re-encodes, trims, or invents a
 * cursor (or continues from a page that offered none) fails.
 * @see ../shared/spec/mcp-discovery-spec.md §2.5 (cursors are opaque)
 */
export const cursorsEchoed: Invariant = {
  id: 'discovery.cursors-echoed',
  title: 'Every continuation tools/list carries exactly the nextCursor of the page before it.',
  source: 'spec 2026-07-28 §2.5 (opaque cursors); cases PG-01 E1, PG-03 E1',
  authority: { level: 'must', clauses: ['cursor-opaque'] },
  check(run) {
    const exchanges = listExchanges(connectionFrames(run, run.serverId));
    let continuations = 0;
    let previous: (typeof exchanges)[number] | undefined;
    for (const exchange of exchanges) {
      if (exchange.cursor !== undefined) {
        continuations += 1;
        const offered = previous?.nextCursor;
        // Retrying a page whose answer failed with the same cursor is fine.
        const retry =
          previous !== undefined && previous.tools === undefined && previous.cursor === exchange.cursor;
        if (offered !== exchange.cursor && !retry) {
          return fail(
            this.id,
            `${run.serverId}: tools/list at #${exchange.request.seq} carried cursor ${JSON.stringify(exchange.cursor)}, but the page before offered ${offered === undefined ? 'no nextCursor' : JSON.stringify(offered)}.`,
            [
              ...(previous?.response ? [{ seq: previous.response.seq, note: 'the page before' }] : []),
              { seq: exchange.request.seq, note: 'continuation request' },
            ],
            'cursors must be passed back verbatim',
          );
        }
      }
      if (exchange.tools !== undefined || exchange.cursor === undefined || previous === undefined)
        previous = exchange;
      else previous = { ...exchange, nextCursor: previous.nextCursor };
    }
    // Never listed: the client's doing when the run used the tools; else staging. A listing that never
    // reached a second page is staging here (following nextCursor is discovery.follows-every-cursor's).
    if (listExchanges(connectionFrames(run, run.serverId)).length === 0)
      return neverListed(this.id, run, 'no cursor to echo');
    if (continuations === 0) return inconclusive(this.id, 'No listing in this run had a second page.');
    return pass(this.id, `${continuations} continuation request(s) carried the server's cursor verbatim.`);
  },
};
