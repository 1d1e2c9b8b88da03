import type { Invariant } from '../invariant.js';
import type { Observation } from '../run-record.js';
import { fail, inconclusive, pass } from '../verdict.js';

type ModelRequest = Extract<Observation, { kind: 'model-request' }>;

/**
 * Nothing disappears silently between the server's listing and the model: every tool of this
 * server that the latest complete listing holds is, in the latest model request, either offered to
 * the model or reported — withheld with a reason, or named in a warning to the user. A tool that is
 * simply absent (shadowed by a same-named tool, dropped for its schema, cut for size) fails.
 */
export const modelNothingSilentlyDropped: Invariant = {
  id: 'model.nothing-silently-dropped',
  title: 'Every listed tool reaches the model request, or the client says why it did not.',
  source:
    'seed 000 (fail clearly rather than silently); cases NM-02 E2, NM-04 E1, SC-01 E1-E2, SC-03 E2, LG-02 E2',
  check(run) {
    const request = run.observations
      .filter((o): o is ModelRequest => o.kind === 'model-request' && o.error === undefined)
      .at(-1);
    if (!request) return inconclusive(this.id, 'The client built no model request.');
    const listed = run.finalCatalog.tools.map((tool) => tool.name);
    const offered = new Set(request.tools.filter((t) => t.serverId === run.serverId).map((t) => t.toolName));
    const withheld = new Set(
      request.withheld.filter((t) => t.serverId === run.serverId).map((t) => t.toolName),
    );
    const warned = new Set(
      run.observations.flatMap((o) =>
        o.kind === 'warning' && o.serverId === run.serverId && o.toolName ? [o.toolName] : [],
      ),
    );
    const silent = listed.filter((name) => !offered.has(name) && !withheld.has(name) && !warned.has(name));
    if (silent.length > 0) {
      return fail(
        this.id,
        `${run.serverId}: ${silent.map((n) => `'${n}'`).join(', ')} ${silent.length === 1 ? 'is' : 'are'} in the server's catalog but neither offered to the model nor reported.`,
        [{ seq: request.afterSeq, note: `model request with ${request.tools.length} tool(s)` }],
        offered.size > 0
          ? `offered ${offered.size} of ${listed.length}; the rest vanished without a word`
          : 'the request offered none of them',
      );
    }
    return pass(
      this.id,
      `${run.serverId}: all ${listed.length} tool(s) offered (${offered.size}) or reported (${listed.length - offered.size}).`,
      [{ seq: request.afterSeq, note: 'latest model request' }],
    );
  },
};
