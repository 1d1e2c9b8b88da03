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
    }
  | { kind: 'note'; afterSeq: number; text: string };

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
}
