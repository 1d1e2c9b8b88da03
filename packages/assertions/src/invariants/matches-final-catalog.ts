import type { Invariant } from '../invariant.js';
import { stepFrames } from '../tool-listings.js';
import { fail, inconclusive, pass } from '../verdict.js';

/**
 * When the run settles, the client exposes exactly the tools the server holds: nothing missing,
 * nothing removed still offered.
 */
export const matchesFinalCatalog: Invariant = {
  id: 'registry.matches-final-catalog',
  title: 'After the run settles, the exposed tool set equals the server catalog.',
  source:
    'seed 002 (atomic replace after re-listing); seed 000 (tool removal revokes exposure); cases LC-01, LC-11',
  check(run) {
    const exposures = run.observations.filter((o) => o.kind === 'exposure');
    const last = exposures[exposures.length - 1];
    const expected = run.finalCatalog.tools.map((tool) => tool.name);
    const steps = stepFrames(run.transcript).map((frame) => ({
      seq: frame.seq,
      note: frame.note ?? `step ${frame.step}`,
    }));
    if (!last) {
      if (expected.length === 0)
        return inconclusive(this.id, 'The client exposed nothing and the catalog is empty.');
      return fail(
        this.id,
        'The client never exposed any tools.',
        steps,
        `the server holds ${expected.length} tool(s)`,
      );
    }
    const exposed = new Set(
      last.tools.filter((tool) => tool.serverId === run.serverId).map((tool) => tool.name),
    );
    const missing = expected.filter((name) => !exposed.has(name));
    const stale = [...exposed].filter((name) => !expected.includes(name));
    if (missing.length === 0 && stale.length === 0) {
      return pass(
        this.id,
        `The client exposes exactly the ${expected.length} tool(s) of catalog revision ${run.finalCatalog.catalogRevision}.`,
      );
    }
    const parts = [
      missing.length ? `missing ${missing.map((n) => `'${n}'`).join(', ')}` : '',
      stale.length ? `still exposing removed ${stale.map((n) => `'${n}'`).join(', ')}` : '',
    ].filter(Boolean);
    return fail(
      this.id,
      `The exposed tools differ from catalog revision ${run.finalCatalog.catalogRevision}: ${parts.join('; ')}.`,
      [...steps, { seq: last.afterSeq, note: `last exposure: [${[...exposed].join(', ')}]` }].sort(
        (a, b) => a.seq - b.seq,
      ),
      `exposes ${exposed.size - stale.length} of ${expected.length} current tool(s)`,
    );
  },
};
