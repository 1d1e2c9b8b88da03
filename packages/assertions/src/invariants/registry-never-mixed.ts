import { SEED_002 } from '../authority/authority.js';
import { memoizedCanonicalForm } from '../canonical-form.js';
import { noExposure } from '../client-left-unjudged.js';
import { duplicateNamesVerdict } from '../duplicate-names.js';
import type { Invariant } from '../invariant.js';
import { connectionFrames, connectionIds, type ExposedTool } from '../run-record.js';
import { schemaChanges, servedSchemas } from '../schema-findings.js';
import { enumerations, enumerationTools, type ListExchange, listExchanges } from '../tool-listings.js';
import { fail, inconclusive, pass } from '../verdict.js';

const isPublic = (page: ListExchange) =>
  (page.response?.message as { result?: { cacheScope?: unknown } } | undefined)?.result?.cacheScope ===
  'public';

/**
 * The registry is swapped atomically: every exposure of a connection is drawn from one complete
 * listing the client had received by then. An exposure holding page one of a listing still in
 * flight, or the tools of two listings at once (an old contract beside a new tool, a removed tool
 * beside its replacement), is a mix. Tools are compared by name and, when the client reports them,
 * by canonical (RFC 8785) input schema; leaving tools out (a schema gate) is allowed. A schema the
 * server never served (the client rewrote it, e.g. for a provider) counts as the served schema it
 * is nearest to (fewest JSON-pointer changes), or by name alone when two are equally near: a
 * rewrite is no evidence of a mix. A name exposed twice fails.
 */
export const registryNeverMixed: Invariant = {
  id: 'registry.never-mixed',
  title: 'Every exposure is drawn from a single complete listing (no partial listing, no mix of two).',
  source:
    'seed 002 (swap the registry atomically); DESIGN (re-list from the first page and swap atomically); cases LC-11',
  authority: {
    level: 'advice',
    basis: `${SEED_002}: expose one complete listing at a time (swap atomically)`,
  },
  check(run) {
    let checked = 0;
    const canonical = memoizedCanonicalForm();
    const attribute = schemaAttribution(run.transcript, canonical);
    // Listings served publicly (`cacheScope: public`) may be shared between connections; private ones may not.
    const shared = run.connections
      ? enumerations(listExchanges(run.transcript)).filter((e) => e.complete && e.pages.every(isPublic))
      : [];
    for (const serverId of connectionIds(run)) {
      const own = enumerations(listExchanges(connectionFrames(run, serverId))).filter((e) => e.complete);
      const complete = [...own, ...shared];
      const listings = complete.map((e) => ({
        completedAtSeq: e.completedAtSeq!,
        startSeq: e.pages[0]!.request.seq,
        pages: e.pages.length,
        tools: new Map(enumerationTools(e).map((tool) => [tool.name, canonical(tool.inputSchema)])),
      }));
      for (const exposure of run.observations) {
        if (exposure.kind !== 'exposure') continue;
        const mine = exposure.tools.filter((tool) => tool.serverId === serverId);
        if (mine.length === 0) continue;
        checked += 1;
        const duplicated = duplicateNamesVerdict(
          this.id,
          serverId,
          mine.map((tool) => tool.name),
          `the exposure after #${exposure.afterSeq}`,
          exposure.afterSeq,
        );
        if (duplicated) return duplicated;
        const received = listings
          .filter((listing) => listing.completedAtSeq <= exposure.afterSeq)
          .sort((a, b) => a.completedAtSeq - b.completedAtSeq);
        const fits = received.some((listing) =>
          mine.every((tool) => {
            const schema = listing.tools.get(tool.name);
            const form = attribute(tool);
            return schema !== undefined && (form === undefined || schema === form);
          }),
        );
        if (fits) continue;
        const latest = received.at(-1);
        const foreign = latest
          ? mine.filter((tool) => {
              const schema = latest.tools.get(tool.name);
              const form = attribute(tool);
              return schema === undefined || (form !== undefined && schema !== form);
            })
          : mine;
        const pending = listings.find(
          (listing) => listing.startSeq < exposure.afterSeq && listing.completedAtSeq > exposure.afterSeq,
        );
        return fail(
          this.id,
          latest
            ? `${serverId}: the exposure after #${exposure.afterSeq} matches no single complete listing: ${foreign
                .map((t) => `'${t.name}'`)
                .join(', ')} do(es) not fit the latest one (completed at #${latest.completedAtSeq}).`
            : `${serverId}: the client exposed ${mine.length} tool(s) at #${exposure.afterSeq} before any listing was complete.`,
          [
            ...(latest ? [{ seq: latest.completedAtSeq, note: 'latest complete listing' }] : []),
            ...(pending ? [{ seq: pending.startSeq, note: 'a listing still in flight' }] : []),
            { seq: exposure.afterSeq, note: `exposure: [${mine.map((t) => t.name).join(', ')}]` },
          ].sort((a, b) => a.seq - b.seq),
          pending
            ? `exposed pages of a listing still in flight (${pending.pages} page(s) long) instead of swapping when it completed`
            : 'merged tools or contracts of two listings instead of replacing one with the other',
        );
      }
    }
    // No exposure at all: as noExposure decides. Exposures holding none of this run's tools: staging.
    if (checked === 0 && !run.observations.some((o) => o.kind === 'exposure'))
      return noExposure(this.id, run);
    if (checked === 0) return inconclusive(this.id, 'The client exposed no tools of the run.');
    return pass(this.id, `All ${checked} exposure(s) were drawn from a single complete listing.`);
  },
};

/**
 * The canonical served schema an exposed tool's schema stands for: itself when the server served
 * it; else the served schema of that name it is nearest to (a rewrite of it); `undefined` (judge by
 * name alone) without a schema, without any served schema of that name, or when two are equally near.
 */
function schemaAttribution(
  transcript: Parameters<typeof servedSchemas>[0],
  canonical: (value: unknown) => string,
): (tool: ExposedTool) => string | undefined {
  const served = servedSchemas(transcript);
  const memo = new Map<string, string | undefined>();
  return (tool) => {
    if (tool.inputSchema === undefined) return undefined;
    const form = canonical(tool.inputSchema);
    const key = `${tool.name}\u0000${form}`;
    if (memo.has(key)) return memo.get(key);
    const revisions = served.get(tool.name) ?? [];
    let result: string | undefined;
    if (revisions.some((entry) => canonical(entry.schema) === form)) result = form;
    else {
      const ranked = revisions
        .map((entry) => ({
          form: canonical(entry.schema),
          changes: schemaChanges(entry.schema, tool.inputSchema).length,
        }))
        .sort((a, b) => a.changes - b.changes);
      if (ranked.length === 1 || (ranked.length > 1 && ranked[0]!.changes < ranked[1]!.changes))
        result = ranked[0]!.form;
    }
    memo.set(key, result);
    return result;
  };
}
