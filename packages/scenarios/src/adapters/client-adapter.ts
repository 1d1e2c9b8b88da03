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
  /** Bearer token to send on every request (the principal the fake server sees); none when absent. */
  bearerToken?: string;
  /** The host's stable id for those credentials (never the secret), for clients that key caches by it. */
  credentialProfileId?: string;
  /** Whether the client may start this connection from a listing it cached earlier (a host that caches across sessions). */
  reuseCache?: boolean;
}

/** What a client asks the user before running a call (the harness plays the user). */
export interface ApprovalQuestion {
  serverId: string;
  toolName: string;
  arguments: Record<string, unknown>;
}

/** What an adapter reports while the client runs. */
export interface ClientObserver {
  /** The client's currently exposed tools changed (or were first established; `[]` is an exposure too). */
  exposure(tools: ExposedTool[]): void;
  /** Free-form evidence (e.g. an error the client surfaced). */
  note(text: string): void;
  /**
   * The user's answer when the client asks before running a call. Absent: the user approves
   * everything (a client that never asks is then indistinguishable from one that does).
   */
  approve?(question: ApprovalQuestion): boolean;
}

/** The outcome of a tool call made through the client. */
export type AdapterCallOutcome = { ok: true; result: unknown } | { ok: false; error: string; code?: string };

/**
 * Drives one client under test. An adapter is created per cell and never reused.
 * `connect` resolves once the client finished its own initial discovery.
 */
export interface ClientAdapter {
  /** Connects one server; an adapter may be asked to connect several (distinct `serverId`s). */
  connect(target: ConnectTarget, observer: ClientObserver): Promise<void>;
  /** Calls a tool on `serverId` (default: the server connected first). */
  callTool(toolName: string, args: Record<string, unknown>, serverId?: string): Promise<AdapterCallOutcome>;
  /** The user sets a standing "always allow" rule for one tool identity (clients without a permission layer omit it). */
  grant?(serverId: string, toolName: string): void;
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
