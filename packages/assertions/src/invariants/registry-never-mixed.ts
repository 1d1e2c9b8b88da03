import canonicalize from 'canonicalize';
import type { Invariant } from '../invariant.js';
import { connectionFrames, connectionIds } from '../run-record.js';
import { enumerations, enumerationTools, type ListExchange, listExchanges } from '../tool-listings.js';
import { fail, inconclusive, pass } from '../verdict.js';

const canonical = (value: unknown): string => canonicalize(value ?? null) ?? 'null';

const isPublic = (page: ListExchange) =>
  (page.response?.message as { result?: { cacheScope?: unknown } } | undefined)?.result?.cacheScope ===
  'public';

/**
 * The registry is swapped atomically: every exposure of a connection is drawn from one complete
 * listing the client had received by then. An exposure holding page one of a listing still in
 * flight, or the tools of two listings at once (an old contract beside a new tool, a removed tool
 * beside its replacement), is a mix. Tools are compared by name and, when the client reports them,
 * by canonical (RFC 8785) input schema; leaving tools out (a schema gate) is allowed.
 */
export const registryNeverMixed: Invariant = {
  id: 'registry.never-mixed',
  title: 'Every exposure is drawn from a single complete listing (no partial listing, no mix of two).',
  source:
    'seed 002 (swap the registry atomically); DESIGN (re-list from the first page and swap atomically); cases LC-11',
  check(run) {
    let checked = 0;
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
        const received = listings
          .filter((listing) => listing.completedAtSeq <= exposure.afterSeq)
          .sort((a, b) => a.completedAtSeq - b.completedAtSeq);
        const fits = received.some((listing) =>
          mine.every((tool) => {
            const schema = listing.tools.get(tool.name);
            return (
              schema !== undefined &&
              (tool.inputSchema === undefined || schema === canonical(tool.inputSchema))
            );
          }),
        );
        if (fits) continue;
        const latest = received.at(-1);
        const foreign = latest
          ? mine.filter((tool) => {
              const schema = latest.tools.get(tool.name);
              return (
                schema === undefined ||
                (tool.inputSchema !== undefined && schema !== canonical(tool.inputSchema))
              );
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
    if (checked === 0) return inconclusive(this.id, 'The client exposed no tools of the run.');
    return pass(this.id, `All ${checked} exposure(s) were drawn from a single complete listing.`);
  },
};
