import type { Era, TranscriptFrame } from '@toolshift/fake-server';
import type { CatalogTruth, ExposedTool, Observation, RunRecord } from './run-record.js';

/**
 * What {@link runRecordFrom} reads from the fake server the client ran against: a `FakeServer` of
 * `@toolshift/fake-server` has all of it (this package needs only its shape).
 */
export interface RunRecordSource {
  readonly transcript: { readonly frames: readonly TranscriptFrame[]; readonly lastSeq: number };
  /** The catalog now: `{ catalogRevision, tools }`. */
  snapshot(): CatalogTruth;
  /** The digest the transcript records for a credential (see `RunRecord.credentialDigest`). */
  credentialDigest?(credential: string): string;
}

/** A tool the client exposed: its name, or the tool as the client holds it. */
export type ExposedToolLike =
  | string
  | { name: string; description?: string; inputSchema?: unknown; outputSchema?: unknown };

/** One tool set the client under test exposed, and where the transcript stood when it did. */
export interface ToolSetAt {
  /** The transcript's last `seq` when the client exposed the set (`server.transcript.lastSeq` then). */
  afterSeq: number;
  tools: readonly ExposedToolLike[];
}

/**
 * Stamps a tool set the client exposes now with the transcript position: call it where your client
 * reports a new tool set (e.g. in its list-changed handler, after it re-listed), and pass what it
 * returns to {@link runRecordFrom}.
 * @param tools the tools the client holds now (names, or objects with at least `name`).
 */
export function toolSetAt(server: RunRecordSource, tools: readonly ExposedToolLike[]): ToolSetAt {
  return { afterSeq: server.transcript.lastSeq, tools: [...tools] };
}

/** Options of {@link runRecordFrom}. */
export interface RunRecordFromOptions {
  /**
   * The era the client was asked to prefer, or `dual` (default): no preference, on an endpoint
   * serving both eras (a fake server's default). Era-specific checks judge by the era the client
   * actually negotiated, read from the transcript either way.
   */
  era?: Era | 'dual';
  /** The server id the run is about (default `primary`), which the exposed tools carry. */
  serverId?: string;
  /** Further observations (calls, notes, …), each stamped with its `afterSeq`. */
  observations?: readonly Observation[];
}

/**
 * The run record the invariants and the vitest matchers judge, from a fake server and the tool
 * sets your client exposed while it ran against it: the server's transcript so far, each tool set as
 * an `exposure` observation (in transcript order), and the server's catalog now as the final truth.
 * Build it once the run is over (after the client settled), e.g.
 * `expect(runRecordFrom(server, sets)).toHaveRelistedAfterChange()`.
 * @param server the fake server the client ran against (a `FakeServer`).
 * @param toolSets what the client exposed, each stamped with {@link toolSetAt} when it happened.
 */
export function runRecordFrom(
  server: RunRecordSource,
  toolSets: readonly ToolSetAt[],
  options: RunRecordFromOptions = {},
): RunRecord {
  const serverId = options.serverId ?? 'primary';
  const exposures: Observation[] = toolSets.map((set) => ({
    kind: 'exposure',
    afterSeq: set.afterSeq,
    tools: set.tools.map(
      (tool): ExposedTool => (typeof tool === 'string' ? { serverId, name: tool } : { serverId, ...tool }),
    ),
  }));
  const snapshot = server.snapshot();
  return {
    era: options.era ?? 'dual',
    serverId,
    transcript: [...server.transcript.frames],
    // Stable by afterSeq: observations at the same position keep the order they were given in.
    observations: [...exposures, ...(options.observations ?? [])].sort((a, b) => a.afterSeq - b.afterSeq),
    finalCatalog: { catalogRevision: snapshot.catalogRevision, tools: [...snapshot.tools] },
    ...(server.credentialDigest
      ? { credentialDigest: (credential: string) => server.credentialDigest!(credential) }
      : {}),
  };
}
