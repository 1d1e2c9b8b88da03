import { SEED_000 } from '../authority/authority.js';
import { neverListed, noExposure } from '../client-left-unjudged.js';
import { duplicateNamesVerdict } from '../duplicate-names.js';
import type { Invariant } from '../invariant.js';
import { connectionFrames } from '../run-record.js';
import { enumerations, enumerationTools, listExchanges } from '../tool-listings.js';
import { fail, inconclusive, pass } from '../verdict.js';

/**
 * Once a complete listing has arrived, the client never exposes a tool that listing lacks (until a
 * newer listing arrives): removed tools are revoked at once, and listings replace rather than merge.
 * Judged per connection (its own listings); a name exposed twice fails.
 */
export const noStaleExposure: Invariant = {
  id: 'registry.no-stale-exposure',
  title: 'No exposure after a complete listing contains a tool absent from that listing.',
  source: 'seed 000 (tool removal must revoke exposure immediately); cases LC-11 (replace, not merge), RM-01',
  authority: { level: 'advice', basis: `${SEED_000}: a removed tool is revoked at once` },
  check(run) {
    const complete = enumerations(listExchanges(connectionFrames(run, run.serverId))).filter(
      (e) => e.complete,
    );
    const exposures = run.observations.filter((o) => o.kind === 'exposure');
    // No exposure: as noExposure decides (a failed tool set fails). Never listed: the client's doing
    // when the run used the tools. A listing that never completed: staging.
    if (exposures.length === 0) return noExposure(this.id, run);
    if (listExchanges(connectionFrames(run, run.serverId)).length === 0)
      return neverListed(this.id, run, 'no listing to hold its exposures to');
    if (complete.length === 0)
      return inconclusive(this.id, 'The run has no complete listing to compare the exposures with.');
    let checked = 0;
    const everListed = new Set(
      complete.flatMap((listing) => enumerationTools(listing).map((tool) => tool.name)),
    );
    for (const [index, listing] of complete.entries()) {
      const from = listing.completedAtSeq!;
      const until = complete[index + 1]?.completedAtSeq ?? Number.POSITIVE_INFINITY;
      const names = new Set(enumerationTools(listing).map((tool) => tool.name));
      for (const exposure of exposures) {
        if (exposure.afterSeq < from || exposure.afterSeq >= until) continue;
        checked += 1;
        const mine = exposure.tools.filter((tool) => tool.serverId === run.serverId);
        const duplicated = duplicateNamesVerdict(
          this.id,
          run.serverId,
          mine.map((tool) => tool.name),
          `the exposure after #${exposure.afterSeq}`,
          exposure.afterSeq,
        );
        if (duplicated) return duplicated;
        const stale = mine.filter((tool) => !names.has(tool.name));
        if (stale.length > 0) {
          return fail(
            this.id,
            `${run.serverId}: after the listing completed at #${from}, the client still exposed ${stale.map((t) => `'${t.name}'`).join(', ')}, which that listing lacks.`,
            [
              { seq: from, note: `complete listing: [${[...names].join(', ')}]` },
              { seq: exposure.afterSeq, note: 'exposure with the stale tool(s)' },
            ],
            stale.some((tool) => everListed.has(tool.name))
              ? 'merged the new listing into the old registry instead of replacing it'
              : 'exposed a tool no listing of this connection ever held',
          );
        }
      }
    }
    // Staging: no exposure came after a complete listing.
    if (checked === 0) return inconclusive(this.id, 'No exposure was observed after a complete listing.');
    return pass(this.id, `${checked} exposure(s) after complete listings held only listed tools.`);
  },
};
