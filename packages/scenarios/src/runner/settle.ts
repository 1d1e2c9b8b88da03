import {
  changeSignals,
  classifySchema,
  type ExposedTool,
  listExchanges,
  servedSchemas,
} from '@toolshift/assertions';
import type { FakeServer } from '@toolshift/fake-server';
import { StallAwareDeadline } from '@toolshift/fake-server';
import canonicalize from 'canonicalize';
import { describeExposureMismatch } from './exposure-mismatch.js';
import { type ListingInFlight, listingInFlight, type ReportedExposure } from './listing-in-flight.js';
import { type PendingReconnect, pendingReconnect } from './pending-reconnect.js';

/**
 * How long a settle waits, ms of wall time, for a client to re-open a change channel it lost (a
 * dropped listen or GET stream, a failed listen, a lost session) before calling the wire quiet:
 * a client in its reconnect back-off is quiet, not settled (issue 26). Counted from the loss, so
 * back-offs up to this long never end a run before the re-open (three doubling back-offs from 1 s
 * with 20 % jitter: the third is at most 4.8 s); a client that has not tried again by then is judged
 * as one that never will (`reconnect.resubscribed-and-relisted`), and costs a settle this much at most.
 */
export const RECONNECT_WAIT_MS = 6000;

/** One server connection the client should converge on: its id and the fake server behind it. */
export interface SettleTarget {
  serverId: string;
  server: FakeServer;
  /** The principal the connection's requests are made as (its listings are told apart by it). */
  principal?: string;
}

/** Bounds and goal of {@link settle}. */
export interface SettleOptions {
  /**
   * Give up after this many ms of wall time (default 4000), not counting time this process could
   * not run (see {@link StallAwareDeadline}): a busy machine does not cut a client short.
   */
  timeoutMs?: number;
  /** The wire must have been quiet this long, ms, once the goal holds (default 150). */
  quietMs?: number;
  /** `catalog` (default): the exposure must equal every target's catalog; `quiet`: only a quiet wire. */
  until?: 'catalog' | 'quiet';
  /**
   * Wait for the client to answer every change notification with a page-one `tools/list` (default
   * true); `false` leaves an ignored notification to the checks.
   */
  awaitSignals?: boolean;
  /**
   * Every exposure the client reported for a target, with the `seq` of its server at the time, so a
   * listing the client completed but has not shown yet keeps the wire from counting as settled.
   */
  exposures?: (serverId: string) => readonly ReportedExposure[];
  /**
   * How long to wait for a client to re-open a change channel it lost, from the loss, ms (default
   * {@link RECONNECT_WAIT_MS}); it may outlast `timeoutMs`.
   */
  reconnectWaitMs?: number;
  /**
   * Whether the client reports the tool sets it exposes (default true). A client judged on the wire
   * only (a conformance-style program) reports none: a listing it completed is done, not waiting to
   * be shown.
   */
  reportsExposures?: boolean;
}

/**
 * Whether the client converged, and if not, how far it was: `reconnect` when it ended still waiting
 * for the client to re-open a change channel it lost (it may still have been in its back-off).
 */
export type SettleOutcome =
  | { settled: true }
  | { settled: false; reason: string; reconnect?: PendingReconnect & { serverId: string } };

/** Canonical forms of schema objects already seen: settle compares the same objects on every wake. */
const canonicalForms = new WeakMap<object, string>();

/** RFC 8785 form of a JSON value; an object's is computed once (exposures and catalogs are not mutated once reported). */
const canonical = (value: unknown): string => {
  if (typeof value !== 'object' || value === null) return canonicalize(value ?? null) as string;
  let form = canonicalForms.get(value);
  if (form === undefined) {
    form = canonicalize(value) as string;
    canonicalForms.set(value, form);
  }
  return form;
};

/**
 * True when the exposure holds exactly the server's tools for `serverId` (and their schemas, when
 * the client reports them). A schema that differs from the current one counts as converged when
 * the client rewrote it (it matches no schema the server served and is nearest the current one,
 * see `classifySchema`), and as not converged when it is stale: a client normalizing schemas for
 * its provider is judged by the checks, not left to wait out the settle timeout.
 */
export function exposureMatches(
  exposed: readonly ExposedTool[] | undefined,
  server: FakeServer,
  serverId: string,
): boolean {
  if (!exposed) return false;
  const mine = exposed.filter((tool) => tool.serverId === serverId);
  const truth = server.tools();
  if (mine.length !== truth.length) return false;
  const byName = new Map(truth.map((tool) => [tool.name, tool]));
  let served: ReturnType<typeof servedSchemas> | undefined;
  return mine.every((tool) => {
    const current = byName.get(tool.name);
    if (!current) return false;
    if (tool.inputSchema === undefined || canonical(tool.inputSchema) === canonical(current.inputSchema))
      return true;
    served ??= servedSchemas(server.transcript.frames);
    return (
      classifySchema(tool.inputSchema, current.inputSchema, served.get(tool.name) ?? []).kind === 'rewritten'
    );
  });
}

/**
 * A change notification of `server` that no page-one `tools/list` from the same principal has
 * followed yet (a client reacting to it may still be debouncing), or `undefined`. Each principal's
 * latest signal is checked, so one user's answered signal never hides another user's unanswered one.
 */
export function unansweredSignal(server: FakeServer): { seq: number; principal?: string } | undefined {
  const frames = server.transcript.frames;
  const latest = new Map<string | undefined, { seq: number; principal?: string }>();
  for (const signal of changeSignals(frames)) latest.set(signal.principal, signal);
  if (latest.size === 0) return undefined;
  const exchanges = listExchanges(frames).filter((exchange) => exchange.cursor === undefined);
  for (const signal of latest.values()) {
    const answered = exchanges.some(
      (exchange) =>
        exchange.request.seq > signal.seq &&
        (signal.principal === undefined || exchange.request.principal === signal.principal),
    );
    if (!answered) {
      return { seq: signal.seq, ...(signal.principal ? { principal: signal.principal } : {}) };
    }
  }
  return undefined;
}

/**
 * Waits until the client has reacted to the last change notification of every target's server
 * (a page-one `tools/list` followed it), no listing is in flight on any target's connection (no
 * unanswered `tools/list`, no `nextCursor` the client has not followed yet, no completed listing it
 * has not shown yet: see {@link listingInFlight}), the client has re-opened every change channel it
 * lost (see {@link pendingReconnect}: a client in its back-off is quiet, not settled), its latest
 * exposure equals every target's catalog (unless `until: 'quiet'`), and no frame has crossed any
 * target's wire for `quietMs` — or until `timeoutMs` passes (which also bounds the wait for a client
 * that abandons a listing silently; the wait for a re-open is bounded by `reconnectWaitMs` from the
 * loss instead, which may be longer).
 * Stalls of this process's event loop count neither toward the timeout nor as quiet time.
 * Event-driven: it wakes on every transcript frame and exposure, not on a polling sleep; before it
 * declares the wire quiet it lets I/O that arrived meanwhile be read (a busy machine can run the
 * quiet timer before the socket that carries the client's next request).
 */
export async function settle(
  targets: readonly SettleTarget[],
  latestExposure: () => readonly ExposedTool[] | undefined,
  onExposure: (listener: () => void) => () => void,
  options: SettleOptions = {},
): Promise<SettleOutcome> {
  const timeoutMs = options.timeoutMs ?? 4000;
  const quietMs = options.quietMs ?? 150;
  const wantCatalog = (options.until ?? 'catalog') === 'catalog';
  const deadline = new StallAwareDeadline(timeoutMs);
  let lastActivity = Date.now();
  let stalledAtActivity = 0;
  // The quiet period counts only time the process could run: a stall is not the client being quiet.
  const quietFor = () => Date.now() - lastActivity - (deadline.stalledMs() - stalledAtActivity);
  let wake: (() => void) | undefined;
  const poke = () => wake?.();
  const servers = [...new Set(targets.map((target) => target.server))];
  const stops = servers.map((server) =>
    server.transcript.subscribe(() => {
      lastActivity = Date.now();
      stalledAtActivity = deadline.stalledMs();
      poke();
    }),
  );
  stops.push(onExposure(poke));
  const misaligned = () =>
    wantCatalog
      ? targets.find((target) => !exposureMatches(latestExposure(), target.server, target.serverId))
      : undefined;
  const ignoredSignal = () => {
    if (options.awaitSignals === false) return undefined;
    for (const server of servers) {
      const signal = unansweredSignal(server);
      if (signal) return signal;
    }
    return undefined;
  };
  const inFlight = (): (ListingInFlight & { serverId: string }) | undefined => {
    for (const target of targets) {
      const exposures = options.exposures?.(target.serverId) ?? currentExposure(target.serverId);
      const listing = listingInFlight(target.server.transcript.frames, {
        ...(target.principal !== undefined ? { principal: target.principal } : {}),
        exposures,
      });
      if (listing?.kind === 'listing-not-shown' && options.reportsExposures === false) continue;
      if (listing) return { ...listing, serverId: target.serverId };
    }
    return undefined;
  };
  const reconnectWaitMs = options.reconnectWaitMs ?? RECONNECT_WAIT_MS;
  /** The loss a re-open is awaited for, and the bound of that wait (a deadline from when it was first seen). */
  let awaited: { key: string; deadline: StallAwareDeadline } | undefined;
  const reconnecting = (): (PendingReconnect & { serverId: string }) | undefined => {
    for (const target of targets) {
      const frames =
        target.principal === undefined
          ? target.server.transcript.frames
          : target.server.transcript.frames.filter(
              (frame) => frame.principal === target.principal || frame.direction === 'server',
            );
      const pending = pendingReconnect(frames);
      if (pending) return { ...pending, serverId: target.serverId };
    }
    return undefined;
  };
  /** Without the client's exposure history: its latest exposure, as if reported just now. */
  const currentExposure = (serverId: string): ReportedExposure[] => {
    const exposed = latestExposure();
    if (!exposed) return [];
    const names = exposed.filter((tool) => tool.serverId === serverId).map((tool) => tool.name);
    const atSeq = targets.find((target) => target.serverId === serverId)?.server.transcript.lastSeq ?? 0;
    return [{ atSeq, names }];
  };
  try {
    for (;;) {
      const off = misaligned();
      const signal = ignoredSignal();
      const listing = inFlight();
      const pending = reconnecting();
      if (pending && awaited?.key !== `${pending.serverId}#${pending.seq}`) {
        awaited?.deadline.dispose();
        // Bounded from the loss, not from this settle: a later settle does not wait for the same loss again.
        const since = Math.max(0, Date.now() - (pending.atWallMs ?? Date.now()));
        awaited = {
          key: `${pending.serverId}#${pending.seq}`,
          deadline: new StallAwareDeadline(Math.max(0, reconnectWaitMs - since)),
        };
      }
      const reopen = pending && awaited!.deadline.remainingMs() > 0 ? pending : undefined;
      const quiet = quietFor();
      if (!off && !signal && !listing && !reopen && quiet >= quietMs) {
        // Let I/O that is already waiting be read before calling the wire quiet.
        const before = lastActivity;
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (lastActivity === before) return { settled: true };
        continue;
      }
      const remaining = Math.max(deadline.remainingMs(), reopen ? awaited!.deadline.remainingMs() : 0);
      if (remaining <= 0) {
        if (pending)
          return {
            settled: false,
            reason: `the client had not re-opened its change channel ${reconnectWaitMs} ms after it lost it (${pending.what}, #${pending.seq} on ${pending.serverId}): it may still be in its back-off`,
            reconnect: pending,
          };
        if (off)
          return {
            settled: false,
            reason: `after ${timeoutMs} ms ${describeExposureMismatch(latestExposure(), off.server, off.serverId) ?? `the client's exposure for ${off.serverId} did not match the catalog`}`,
          };
        if (signal)
          return {
            settled: false,
            reason: `after ${timeoutMs} ms no tools/list had followed the change notification at #${signal.seq}`,
          };
        if (listing)
          return { settled: false, reason: `after ${timeoutMs} ms ${listing.note} (${listing.serverId})` };
        return {
          settled: false,
          reason: `the wire never went quiet for ${quietMs} ms within ${timeoutMs} ms`,
        };
      }
      const wait = off || signal || listing || reopen ? remaining : Math.min(remaining, quietMs - quiet);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, wait));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  } finally {
    deadline.dispose();
    awaited?.deadline.dispose();
    for (const stop of stops) stop();
  }
}
