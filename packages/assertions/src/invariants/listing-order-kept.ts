import { noExposure } from '../client-left-unjudged.js';
import { duplicateNamesVerdict } from '../duplicate-names.js';
import type { Invariant } from '../invariant.js';
import { connectionFrames } from '../run-record.js';
import { enumerations, listExchanges } from '../tool-listings.js';
import { fail, inconclusive, pass } from '../verdict.js';

/**
 * The client exposes a server's tools in the order the latest complete listing gave them: page one's
 * tools first, in their order, then page two's, and so on. A client that interleaves pages, sorts, or
 * shuffles shows the model a different tool list for the same catalog (and breaks prompt caches).
 * Compares the last exposure with the last complete enumeration before it, over the tools both hold.
 * @see ../shared/cases/discovery-cases.md PG-02 E2 ("tool order stays stable across pages")
 */
export const listingOrderKept: Invariant = {
  id: 'registry.listing-order-kept',
  title: "The client exposes a server's tools in the order the pages of its latest listing gave them.",
  source: 'case PG-02 E2',
  authority: {
    level: 'advice',
    basis: 'servers SHOULD return a deterministic order (2026-07-28); keeping it is host guidance',
  },
  check(run) {
    const last = run.observations.filter((o) => o.kind === 'exposure').at(-1);
    // No exposure: as noExposure decides (a failed tool set fails). No complete listing / fewer than two tools: staging.
    if (!last) return noExposure(this.id, run);
    const listing = enumerations(listExchanges(connectionFrames(run, run.serverId)))
      .filter((e) => e.complete && e.completedAtSeq! <= last.afterSeq)
      .at(-1);
    if (!listing) return inconclusive(this.id, 'No complete listing preceded the last exposure.');
    const duplicated = duplicateNamesVerdict(
      this.id,
      run.serverId,
      last.tools.filter((tool) => tool.serverId === run.serverId).map((tool) => tool.name),
      `the last exposure (after #${last.afterSeq})`,
      last.afterSeq,
    );
    if (duplicated) return duplicated;
    const position = new Map<string, { index: number; page: number; seq: number }>();
    listing.pages.forEach((page, pageIndex) => {
      for (const tool of page.tools ?? [])
        position.set(tool.name, { index: position.size, page: pageIndex + 1, seq: page.response!.seq });
    });
    const exposed = last.tools
      .filter((tool) => tool.serverId === run.serverId && position.has(tool.name))
      .map((tool) => tool.name);
    // Staging: fewer than two tools of the listing are exposed, so no order shows.
    if (exposed.length < 2)
      return inconclusive(
        this.id,
        `The last exposure holds ${exposed.length} tool(s) of the listing: no order to keep.`,
      );
    for (let i = 1; i < exposed.length; i += 1) {
      const before = position.get(exposed[i - 1]!)!;
      const after = position.get(exposed[i]!)!;
      if (after.index < before.index)
        return fail(
          this.id,
          `The client exposes '${exposed[i - 1]}' (page ${before.page}) before '${exposed[i]}' (page ${after.page}), which the listing gave first.`,
          [
            { seq: after.seq, note: `page ${after.page}: '${exposed[i]}' at position ${after.index + 1}` },
            {
              seq: before.seq,
              note: `page ${before.page}: '${exposed[i - 1]}' at position ${before.index + 1}`,
            },
            {
              seq: last.afterSeq,
              note: `exposure: '${exposed[i - 1]}' at ${i}, '${exposed[i]}' at ${i + 1}`,
            },
          ].sort((a, b) => a.seq - b.seq),
          `the first ${i} exposed tool(s) keep the listing's order, then it breaks`,
        );
    }
    return pass(
      this.id,
      `The ${exposed.length} exposed tool(s) of ${run.serverId} keep the order of the ${listing.pages.length}-page listing.`,
      [{ seq: last.afterSeq, note: 'last exposure' }],
    );
  },
};
