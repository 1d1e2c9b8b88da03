import type { Era, TranscriptFrame } from '@toolshift/fake-server';

/** A tool as the client under test exposes it (to a model or a user). */
export interface ExposedTool {
  /** Server connection id the client attributes the tool to. */
  serverId: string;
  /** The MCP tool name (not a model-facing alias). */
  name: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
}

/**
 * What the harness saw the client do, stamped with the transcript position at that moment
 * (`afterSeq` = the last transcript frame recorded when the observation was made).
 */
export type Observation =
  | { kind: 'exposure'; afterSeq: number; tools: ExposedTool[] }
  | {
      kind: 'call';
      afterSeq: number;
      serverId: string;
      toolName: string;
      arguments: unknown;
      outcome: { ok: true; result: unknown } | { ok: false; error: string; code?: string };
      /** The transcript position when the call was handed to the client (the call's window opens here). */
      startedAfterSeq?: number;
    }
  | {
      /**
       * A permission the user (the harness) gave or refused for one tool identity: `asked` when the
       * client asked before a call, `standing` when the user set an "always allow" rule up front.
       */
      kind: 'permission';
      afterSeq: number;
      serverId: string;
      toolName: string;
      granted: boolean;
      how: 'asked' | 'standing';
    }
  | { kind: 'note'; afterSeq: number; text: string };

/** One connection the client holds: its server id, and the principal its credentials stand for. */
export interface ConnectionRecord {
  serverId: string;
  /** The principal the fake server records for this connection's frames (`anonymous` without a token). */
  principal: string;
}

/** The server's catalog at the end of the run, as the truth the client should have converged to. */
export interface CatalogTruth {
  catalogRevision: number;
  tools: ReadonlyArray<{ name: string; inputSchema: unknown; outputSchema?: unknown; description?: string }>;
}

/** Everything an invariant may look at: the transcript, the client's observations and the server's truth. */
export interface RunRecord {
  era: Era;
  /** The server connection id the client was given. */
  serverId: string;
  transcript: readonly TranscriptFrame[];
  observations: readonly Observation[];
  /** The catalog the server held when the run ended. */
  finalCatalog: CatalogTruth;
  /**
   * Every connection of the run when there is more than one (e.g. two principals, or two server ids
   * on one fake server): lets checkers attribute transcript frames to a connection by principal.
   * Absent: one connection, `serverId`, owning every frame.
   */
  connections?: readonly ConnectionRecord[];
}

/**
 * The frames of one connection: those recorded for its principal when the run names connections,
 * otherwise every frame.
 */
export function connectionFrames(run: RunRecord, serverId: string): readonly TranscriptFrame[] {
  const principal = run.connections?.find((connection) => connection.serverId === serverId)?.principal;
  if (principal === undefined) return run.transcript;
  return run.transcript.filter((frame) => frame.principal === principal || frame.direction === 'server');
}

/** The server ids of the run: its connections, or the one `serverId`. */
export function connectionIds(run: RunRecord): string[] {
  return run.connections ? run.connections.map((connection) => connection.serverId) : [run.serverId];
}
