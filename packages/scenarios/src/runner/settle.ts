import type { ExposedTool } from '@toolshift/assertions';
import type { FakeServer } from '@toolshift/fake-server';
import canonicalize from 'canonicalize';

/** Bounds for {@link settle}. */
export interface SettleOptions {
  /** Give up after this many ms of wall time (default 4000). */
  timeoutMs?: number;
  /** The wire must have been quiet this long, ms, once the exposure matches (default 150). */
  quietMs?: number;
}

/** Whether the client converged, and if not, how far it was. */
export type SettleOutcome = { settled: true } | { settled: false; reason: string };

const canonical = (value: unknown) => canonicalize(value ?? null);

/** True when the exposure holds exactly the server's tools (and their schemas, when the client reports them). */
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
 * Waits until the client's latest exposure equals the server catalog and no frame has crossed the
 * wire for `quietMs`, or until `timeoutMs` passes. Event-driven: it wakes on every transcript frame
 * and exposure, not on a polling sleep.
 */
export async function settle(
  server: FakeServer,
  latestExposure: () => readonly ExposedTool[] | undefined,
  onExposure: (listener: () => void) => () => void,
  serverId: string,
  options: SettleOptions = {},
): Promise<SettleOutcome> {
  const timeoutMs = options.timeoutMs ?? 4000;
  const quietMs = options.quietMs ?? 150;
  const started = Date.now();
  let lastActivity = Date.now();
  let wake: (() => void) | undefined;
  const poke = () => wake?.();
  const stopFrames = server.transcript.subscribe(() => {
    lastActivity = Date.now();
    poke();
  });
  const stopExposures = onExposure(poke);
  try {
    for (;;) {
      const now = Date.now();
      const aligned = exposureMatches(latestExposure(), server, serverId);
      if (aligned && now - lastActivity >= quietMs) return { settled: true };
      const remaining = timeoutMs - (now - started);
      if (remaining <= 0) {
        const names = (latestExposure() ?? []).map((tool) => tool.name);
        return {
          settled: false,
          reason: aligned
            ? `the wire never went quiet for ${quietMs} ms within ${timeoutMs} ms`
            : `after ${timeoutMs} ms the client exposed [${names.join(', ')}] while the server holds [${server
                .tools()
                .map((tool) => tool.name)
                .join(', ')}] (catalog revision ${server.catalogRevision})`,
        };
      }
      const wait = aligned ? Math.min(remaining, quietMs - (now - lastActivity)) : remaining;
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
    stopFrames();
    stopExposures();
  }
}
