import type { ExposedTool } from '@toolshift/assertions';
import type { Era } from '@toolshift/fake-server';

/** Where and how the client under test should connect. */
export interface ConnectTarget {
  /** The fake server's MCP endpoint URL. */
  url: string;
  /** The era the client should speak (it may probe; the server answers both). */
  era: Era;
  /** The server connection id the client should use for identity. */
  serverId: string;
}

/** What an adapter reports while the client runs. */
export interface ClientObserver {
  /** The client's currently exposed tools changed (or were first established; `[]` is an exposure too). */
  exposure(tools: ExposedTool[]): void;
  /** Free-form evidence (e.g. an error the client surfaced). */
  note(text: string): void;
}

/** The outcome of a tool call made through the client. */
export type AdapterCallOutcome = { ok: true; result: unknown } | { ok: false; error: string; code?: string };

/**
 * Drives one client under test. An adapter is created per cell and never reused.
 * `connect` resolves once the client finished its own initial discovery.
 */
export interface ClientAdapter {
  connect(target: ConnectTarget, observer: ClientObserver): Promise<void>;
  callTool(toolName: string, args: Record<string, unknown>): Promise<AdapterCallOutcome>;
  close(): Promise<void>;
}

/** A named way to build adapters; the CLI's `--client` picks one by name. */
export interface ClientAdapterFactory {
  /** CLI name, e.g. `reference`, `sdk`, `defect:ignores-list-changed`. */
  name: string;
  /** `reference`: ours, no expected failures; `sdk`: a client we do not own; `defect`: deliberately broken. */
  kind: 'reference' | 'sdk' | 'defect';
  description: string;
  create(): ClientAdapter;
}
