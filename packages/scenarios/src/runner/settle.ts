import { changeSignals, type ExposedTool, listExchanges } from '@toolshift/assertions';
import type { FakeServer } from '@toolshift/fake-server';
import canonicalize from 'canonicalize';
import { describeExposureMismatch } from './exposure-mismatch.js';

/** One server connection the client should converge on: its id and the fake server behind it. */
export interface SettleTarget {
  serverId: string;
  server: FakeServer;
}

/** Bounds and goal of {@link settle}. */
export interface SettleOptions {
  /** Give up after this many ms of wall time (default 4000). */
  timeoutMs?: number;
  /** The wire must have been quiet this long, ms, once the goal holds (default 150). */
  quietMs?: number;
  /** `catalog` (default): the exposure must equal every target's catalog; `quiet`: only a quiet wire. */
  until?: 'catalog' | 'quiet';
}

/** Whether the client converged, and if not, how far it was. */
export type SettleOutcome = { settled: true } | { settled: false; reason: string };

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

/** True when the exposure holds exactly the server's tools for `serverId` (and their schemas, when the client reports them). */
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
  return mine.every((tool) => {
    const current = byName.get(tool.name);
    if (!current) return false;
    return tool.inputSchema === undefined || canonical(tool.inputSchema) === canonical(current.inputSchema);
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
 * (a page-one `tools/list` followed it), its latest exposure equals every target's catalog (unless
 * `until: 'quiet'`), and no frame has crossed any target's wire for `quietMs` — or until
 * `timeoutMs` passes. Event-driven: it wakes on every transcript frame and exposure, not on a
 * polling sleep.
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
  const started = Date.now();
  let lastActivity = Date.now();
  let wake: (() => void) | undefined;
  const poke = () => wake?.();
  const servers = [...new Set(targets.map((target) => target.server))];
  const stops = servers.map((server) =>
    server.transcript.subscribe(() => {
      lastActivity = Date.now();
      poke();
    }),
  );
  stops.push(onExposure(poke));
  const misaligned = () =>
    wantCatalog
      ? targets.find((target) => !exposureMatches(latestExposure(), target.server, target.serverId))
      : undefined;
  const ignoredSignal = () => {
    for (const server of servers) {
      const signal = unansweredSignal(server);
      if (signal) return signal;
    }
    return undefined;
  };
  try {
    for (;;) {
      const now = Date.now();
      const off = misaligned();
      const signal = ignoredSignal();
      if (!off && !signal && now - lastActivity >= quietMs) return { settled: true };
      const remaining = timeoutMs - (now - started);
      if (remaining <= 0) {
        if (!off && signal)
          return {
            settled: false,
            reason: `after ${timeoutMs} ms no tools/list had followed the change notification at #${signal.seq}`,
          };
        return {
          settled: false,
          reason: off
            ? `after ${timeoutMs} ms ${describeExposureMismatch(latestExposure(), off.server, off.serverId) ?? `the client's exposure for ${off.serverId} did not match the catalog`}`
            : `the wire never went quiet for ${quietMs} ms within ${timeoutMs} ms`,
        };
      }
      const wait = off || signal ? remaining : Math.min(remaining, quietMs - (now - lastActivity));
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
    for (const stop of stops) stop();
  }
}
