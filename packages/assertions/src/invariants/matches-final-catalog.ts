import { SEED_002 } from '../authority/authority.js';
import { noExposure } from '../client-left-unjudged.js';
import { duplicateNamesVerdict } from '../duplicate-names.js';
import type { Invariant } from '../invariant.js';
import { stepFrames } from '../tool-listings.js';
import { fail, pass } from '../verdict.js';

/**
 * When the run settles, the client exposes exactly the tools the server holds: nothing missing,
 * nothing removed still offered, no name twice. A client that reported no exposure at all is judged
 * by `noExposure`: a tool set it failed to build fails; one it never listed for though the run used
 * it, or never reported from a complete listing, is its own doing; one that lists per use keeps no
 * registry to compare (inconclusive).
 */
export const matchesFinalCatalog: Invariant = {
  id: 'registry.matches-final-catalog',
  title: 'After the run settles, the exposed tool set equals the server catalog.',
  source:
    'seed 002 (atomic replace after re-listing); seed 000 (tool removal revokes exposure); cases LC-01, LC-11',
  authority: {
    level: 'advice',
    basis: `${SEED_002}: swap the registry atomically after re-listing; neither revision obliges a client to keep its tool list current`,
  },
  check(run) {
    const exposures = run.observations.filter((o) => o.kind === 'exposure');
    const last = exposures[exposures.length - 1];
    const expected = run.finalCatalog.tools.map((tool) => tool.name);
    const steps = stepFrames(run.transcript).map((frame) => ({
      seq: frame.seq,
      note: frame.note ?? `step ${frame.step}`,
    }));
    // No exposure: a tool set that failed to build fails (issue 26); otherwise noExposure decides
    // between the client's doing and staging.
    if (!last) return noExposure(this.id, run);
    const names = last.tools.filter((tool) => tool.serverId === run.serverId).map((tool) => tool.name);
    const duplicated = duplicateNamesVerdict(
      this.id,
      run.serverId,
      names,
      `the last exposure (after #${last.afterSeq})`,
      last.afterSeq,
    );
    if (duplicated) return duplicated;
    const exposed = new Set(names);
    const missing = expected.filter((name) => !exposed.has(name));
    const stale = [...exposed].filter((name) => !expected.includes(name));
    if (missing.length === 0 && stale.length === 0) {
      return pass(
        this.id,
        `${run.serverId}: the client exposes exactly the ${expected.length} tool(s) of catalog revision ${run.finalCatalog.catalogRevision}.`,
        [{ seq: last.afterSeq, note: 'last exposure' }],
      );
    }
    const parts = [
      missing.length ? `missing ${missing.map((n) => `'${n}'`).join(', ')}` : '',
      stale.length ? `still exposing removed ${stale.map((n) => `'${n}'`).join(', ')}` : '',
    ].filter(Boolean);
    return fail(
      this.id,
      `${run.serverId}: the exposed tools differ from catalog revision ${run.finalCatalog.catalogRevision}: ${parts.join('; ')}.`,
      [...steps, { seq: last.afterSeq, note: `last exposure: [${[...exposed].join(', ')}]` }].sort(
        (a, b) => a.seq - b.seq,
      ),
      `exposes ${exposed.size - stale.length} of ${expected.length} current tool(s)`,
    );
  },
};
