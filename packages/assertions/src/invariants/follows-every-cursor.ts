import { SEED_002 } from '../authority/authority.js';
import { neverListed } from '../client-left-unjudged.js';
import { erasSpoken } from '../era-gate.js';
import type { Invariant } from '../invariant.js';
import { connectionFrames } from '../run-record.js';
import { enumerations, listExchanges } from '../tool-listings.js';
import { fail, inconclusive, pass } from '../verdict.js';

/**
 * The client follows `nextCursor` to the end of a listing: every enumeration is completed, or
 * abandoned only for a fresh one that starts again at page one (so the last listing of this
 * connection must be complete). A client that never listed has no listing to follow: inconclusive
 * (a client listing lazily, on first use, that was never used). An empty-string `nextCursor` is a
 * cursor in 2026-07-28; 2025-11-25 leaves it undefined, so a client that negotiated legacy on the
 * wire and stopped there is not judged (inconclusive).
 * @see ../shared/spec/mcp-discovery-spec.md §2.5
 */
export const followsEveryCursor: Invariant = {
  id: 'discovery.follows-every-cursor',
  title:
    'The client follows nextCursor until a page has none (an abandoned listing is only replaced by a fresh one).',
  source: 'spec 2026-07-28 §pagination (digest §2.5); cases PG-01, PG-02, PG-03',
  authority: {
    level: 'advice',
    basis: `${SEED_002}: follow nextCursor until the list is complete; no clause obliges a client to read every page (a scenario about an empty-string cursor cites the MUST NOT)`,
  },
  check(run) {
    const all = enumerations(listExchanges(connectionFrames(run, run.serverId)));
    // Never listed: the client's doing when the run used the tools; else staging (it may list on first use).
    if (all.length === 0) return neverListed(this.id, run, 'no listing to follow');
    const last = all[all.length - 1]!;
    if (!last.complete) {
      const lastPage = last.pages[last.pages.length - 1]!;
      const spoken = erasSpoken(run);
      if (
        lastPage.response &&
        lastPage.nextCursor === '' &&
        spoken.includes('legacy') &&
        !spoken.includes('modern')
      )
        // Staging: 2025-11-25 leaves an empty cursor undefined (digest §11), so stopping there is no verdict.
        return inconclusive(
          this.id,
          `The last listing stopped at nextCursor "" (#${lastPage.response.seq}) in a 2025-11-25 session, where an empty cursor is not defined as a cursor (2026-07-28 makes it one).`,
          [{ seq: lastPage.response.seq, note: 'page with nextCursor ""' }],
        );
      const evidence = lastPage.response
        ? [
            {
              seq: lastPage.response.seq,
              note: `page ${last.pages.length} offered nextCursor ${JSON.stringify(lastPage.nextCursor)}`,
            },
          ]
        : [{ seq: lastPage.request.seq, note: 'tools/list request with no answer' }];
      return fail(
        this.id,
        lastPage.response
          ? `The last listing stopped after page ${last.pages.length}: nextCursor ${JSON.stringify(lastPage.nextCursor)} was never requested.`
          : 'The last tools/list request was never answered before the run ended.',
        evidence,
        lastPage.nextCursor === ''
          ? 'an empty-string nextCursor is a cursor in 2026-07-28, not the end'
          : `read ${last.pages.length} page(s) of the listing`,
      );
    }
    const pages = last.pages.length;
    const abandoned = all.filter((e) => !e.complete).length;
    return pass(
      this.id,
      `${run.serverId}: the final listing was followed to its last page (${pages} page${pages === 1 ? '' : 's'})${
        abandoned ? `; ${abandoned} earlier listing(s) were abandoned for a fresh one from page one` : ''
      }.`,
      [{ seq: last.completedAtSeq!, note: 'last page of the final listing' }],
    );
  },
};
