import { SEED_000 } from '../authority/authority.js';
import { neverListed, noModelRequest } from '../client-left-unjudged.js';
import { duplicateNamesVerdict } from '../duplicate-names.js';
import type { Invariant } from '../invariant.js';
import { connectionFrames, type Observation } from '../run-record.js';
import { enumerations, enumerationTools, listExchanges } from '../tool-listings.js';
import { fail, inconclusive, pass } from '../verdict.js';

type ModelRequest = Extract<Observation, { kind: 'model-request' }>;

/** How many of the listed tools were offered, how many reported, and how many vanished. */
function nearMissOf(listed: readonly string[], offered: ReadonlySet<string>, silent: number): string {
  const shown = listed.filter((name) => offered.has(name)).length;
  const reported = listed.length - shown - silent;
  if (shown === 0 && reported === 0)
    return `none of the ${listed.length} listed tool(s) was offered or reported`;
  return `of ${listed.length} listed, ${shown} offered${reported ? `, ${reported} reported` : ''}; the other ${silent} vanished without a word`;
}

/**
 * Nothing disappears silently between the server's listing and the model: every tool of this
 * server that the latest complete listing before the latest model request holds is, in that
 * request, either offered to the model or reported — withheld with a reason, or named in a warning
 * to the user. A tool that is simply absent (shadowed by a same-named tool, dropped for its schema,
 * cut for size) fails, and so does one offered twice. Inconclusive without a model request, or
 * without a complete listing (of this connection) before it.
 */
export const modelNothingSilentlyDropped: Invariant = {
  id: 'model.nothing-silently-dropped',
  title: 'Every listed tool reaches the model request, or the client says why it did not.',
  source:
    'seed 000 (fail clearly rather than silently); cases NM-02 E2, NM-04 E1, SC-01 E1-E2, SC-03 E2, LG-02 E2',
  authority: { level: 'advice', basis: `${SEED_000}: fail clearly rather than drop a tool silently` },
  check(run) {
    const request = run.observations
      .filter((o): o is ModelRequest => o.kind === 'model-request' && o.error === undefined)
      .at(-1);
    // No usable model request: the client's doing when building the one asked for failed; staging when none was asked.
    if (!request) return noModelRequest(this.id, run);
    const listing = enumerations(listExchanges(connectionFrames(run, run.serverId)))
      .filter((e) => e.complete && e.completedAtSeq! <= request.afterSeq)
      .at(-1);
    // Never listed, yet it built a model request: the client's doing (it cannot have offered this
    // server's tools). A listing that did not complete before the request: staging.
    if (!listing && listExchanges(connectionFrames(run, run.serverId)).length === 0)
      return neverListed(this.id, run, 'nothing it listed could be checked against the request');
    if (!listing)
      return inconclusive(
        this.id,
        `${run.serverId}: no complete listing of this server preceded the latest model request.`,
      );
    const listed = [...new Set(enumerationTools(listing).map((tool) => tool.name))];
    const mine = request.tools.filter((t) => t.serverId === run.serverId).map((t) => t.toolName);
    const duplicated = duplicateNamesVerdict(
      this.id,
      run.serverId,
      mine,
      'the latest model request',
      request.afterSeq,
    );
    if (duplicated) return duplicated;
    const offered = new Set(mine);
    const withheld = new Set(
      request.withheld.filter((t) => t.serverId === run.serverId).map((t) => t.toolName),
    );
    const warned = new Set(
      run.observations.flatMap((o) =>
        o.kind === 'warning' && o.serverId === run.serverId && o.toolName ? [o.toolName] : [],
      ),
    );
    // Staging: the server listed no tools.
    if (listed.length === 0)
      return inconclusive(this.id, `${run.serverId}: its latest listing before the request was empty.`);
    const silent = listed.filter((name) => !offered.has(name) && !withheld.has(name) && !warned.has(name));
    const evidence = [
      { seq: listing.completedAtSeq!, note: `latest complete listing: ${listed.length} tool(s)` },
      { seq: request.afterSeq, note: `model request with ${request.tools.length} tool(s)` },
    ];
    if (silent.length > 0) {
      return fail(
        this.id,
        `${run.serverId}: ${silent.map((n) => `'${n}'`).join(', ')} ${silent.length === 1 ? 'is' : 'are'} in the server's listing but neither offered to the model nor reported.`,
        evidence,
        nearMissOf(listed, offered, silent.length),
      );
    }
    const reported = listed.filter((name) => !offered.has(name)).length;
    return pass(
      this.id,
      `${run.serverId}: all ${listed.length} listed tool(s) offered (${listed.length - reported}) or reported (${reported}).`,
      evidence,
    );
  },
};
