import type { TranscriptFrame } from '@toolshift/fake-server';
import type { ClientAdapter, ClientAdapterFactory, ConnectTarget } from '../../adapters/client-adapter.js';
import type { ExploreOptions, PropertyOutcome } from '../../properties/property-explorer.js';
import type { ReplayFile } from '../../replay/replay-file.js';

/**
 * The messages between the runner and a client process (a child process that loads one
 * `--client-module` file and hosts that module's client adapters), over Node's IPC channel with the
 * `advanced` (structured clone) serialization. The runner owns the cell: its fake servers, their
 * transcripts and every check. The client process only runs adapter methods the runner asks for
 * and carries the client's traffic to the runner's servers where it cannot go by itself (msw
 * interception, in-memory channels). Whatever it sends is a claim to check: the runner accepts a
 * message only as plain data of the shape below (`client-process-messages.ts`), and no message can
 * carry a status or a verdict.
 */

/** What the runner knows of a module's client: everything but `create()`, which only works inside the client process. */
export type ClientDescription = Pick<ClientAdapterFactory, 'name' | 'kind' | 'description' | 'capabilities'>;

/** The adapter methods the runner may call in a client process (`connect` … `restart`). */
export const ADAPTER_METHODS = [
  'connect',
  'callTool',
  'grant',
  'close',
  'modelRequest',
  'modelCall',
  'agentTurn',
  'refresh',
  'reconnect',
  'restartClient',
  'reauthorize',
  'advanceClock',
  'serverState',
  'restart',
] as const satisfies ReadonlyArray<keyof ClientAdapter>;
export type AdapterMethod = (typeof ADAPTER_METHODS)[number];

/**
 * How a client process reaches one fake server, as plain data: a URL (`http`, and `msw`, whose
 * requests the client process intercepts and forwards to the runner), an in-memory endpoint the
 * runner opens channels to on request, or the stdio server command line (a relay process).
 */
export type PortableTransport =
  | { kind: 'http' | 'msw'; url: string }
  | { kind: 'in-memory'; endpoint: number }
  | { kind: 'stdio'; command: string; args: string[] };

/** A {@link ConnectTarget} as plain data. */
export interface PortableTarget extends Omit<ConnectTarget, 'transport' | 'cellServers'> {
  transport: PortableTransport;
  cellServers?: PortableTarget[];
}

/**
 * Jobs a client process runs with one of its module's clients besides cells (see
 * `ClientProcess.runJob`): exploring a property and replaying a counterexample. Their trials run
 * the fake server, the client and the scheduler under one virtual clock, in the client process, so
 * their outcome (`PropertyOutcome`, `ReplayJobResult`) is computed where the client's code can
 * reach it, unlike a cell's verdicts: the CLI says so when it prints one.
 */
export type ClientJob =
  | { kind: 'explore'; client: string; property: string; options: ExploreOptions }
  | { kind: 'replay'; client: string; replay: ReplayFile };

/** What the CLI prints after a job's outcome (see {@link ClientJob}). */
export const COMPUTED_IN_CLIENT_PROCESS =
  "Note: this outcome was computed in the client's own process, which the client's code can reach; the verdicts of 'toolshift run' are computed in toolshift's.";

/** The answer to an `explore` job. */
export type ExploreJobResult = PropertyOutcome;

/** The answer to a `replay` job: what `replayTrial` found, as plain data. */
export interface ReplayJobResult {
  failures: string[];
  identical: boolean;
  diverged?: string;
  /** The deliveries the replayed run made. */
  deliveries: number;
  transcript: TranscriptFrame[];
}

/** Runner → client process. */
export type ToClientProcess =
  /** Create an adapter of client `client` (answer: `{ methods }`, the adapter methods it has). */
  | { type: 'create'; id: number; client: string }
  /** Call `method` of adapter `adapter` with `args` (answer: the method's result). */
  | { type: 'call'; id: number; adapter: number; method: AdapterMethod; args: unknown[] }
  /** The cell of adapter `adapter` ended: drop it, its channels and interception; write the stderr end mark, then answer. */
  | { type: 'end-cell'; id: number; adapter: number }
  /** A channel the client process opened (`channel-open`) is open on the runner's side. */
  | { type: 'channel-opened'; channel: number }
  /** A message from the fake server on a channel. */
  | { type: 'channel-message'; channel: number; message: unknown }
  /** What the client end of the channel could not read (the fake server sent something that is not JSON). */
  | { type: 'channel-error'; channel: number; message: string }
  /** The channel closed on the runner's side (or could not be opened: `error`). */
  | { type: 'channel-closed'; channel: number; error?: string }
  /** The head of the fake server's answer to a forwarded msw request; `unhandled` when no handler took it. */
  | {
      type: 'msw-response';
      request: number;
      unhandled?: boolean;
      status: number;
      statusText: string;
      headers: Array<[string, string]>;
    }
  /** A piece of that answer's body (base64). */
  | { type: 'msw-body'; request: number; chunk: string }
  /** That answer's body ended (`error`: it broke off). */
  | { type: 'msw-end'; request: number; error?: string }
  /** Run a job (answer: `job-result` or `job-error`). */
  | { type: 'job'; id: number; job: ClientJob }
  /** End the process (no answer). */
  | { type: 'shutdown' };

/** Client process → runner (each checked against `client-process-messages.ts` before the runner reads it). */
export type FromClientProcess =
  /** The module loaded; these are its clients. */
  | { type: 'loaded'; clients: ClientDescription[] }
  /** The module could not be loaded (the message of the `CLIENT_MODULE_INVALID` error). */
  | { type: 'load-failed'; message: string; reason: string }
  /** Sent every `HEARTBEAT_MS` while the process's event loop runs. */
  | { type: 'alive' }
  /** Something in the client called `process.disconnect()`: the channel closes and the process ends. */
  | { type: 'disconnecting' }
  /** The answer to `create`, `call` or `end-cell` `id`. */
  | { type: 'answer'; id: number; ok: true; value?: unknown }
  | { type: 'answer'; id: number; ok: false; error: string; code?: string; phase?: string }
  /** Something the client reported through the observer it was given at `connect` request `observer`. */
  | { type: 'observe'; observer: number; observation: ObserverCall }
  /** The client opened a channel to in-memory endpoint `endpoint`. */
  | { type: 'channel-open'; channel: number; endpoint: number }
  /** The client sent a message on a channel. */
  | { type: 'channel-send'; channel: number; message: Record<string, unknown> }
  /** The client closed a channel. */
  | { type: 'channel-close'; channel: number }
  /** The client made an HTTP request to an msw target (body base64). */
  | {
      type: 'msw-request';
      request: number;
      url: string;
      method: string;
      headers: Array<[string, string]>;
      body?: string;
    }
  /** The client aborted that request, or stopped reading its answer. */
  | { type: 'msw-abort'; request: number }
  | { type: 'job-result'; id: number; result: unknown }
  /** The job threw (its message). */
  | { type: 'job-error'; id: number; message: string };

/** One call of the observer a client was given (`ClientObserver`), as data. */
export type ObserverCall =
  | { kind: 'exposure'; tools: unknown[] }
  | { kind: 'note'; text: string }
  | { kind: 'warning'; serverId: string; toolName?: string; message: string }
  | { kind: 'permission'; serverId: string; toolName: string; granted: boolean; how: 'asked' | 'standing' };

/**
 * The start of the mark a client process writes to its stderr once a cell ended
 * (`cellEndMark(id)`), before it answers `end-cell`: stderr and IPC are separate pipes, so the
 * runner takes the cell's stderr to be complete when it reads the mark.
 */
export const CELL_END_MARK = '\u001etoolshift-cell-end ';

/** The end mark of cell `id` (see {@link CELL_END_MARK}). */
export function cellEndMark(id: number): string {
  return `${CELL_END_MARK}${id}\u001e\n`;
}

/** How often a client process says it is alive, ms. */
export const HEARTBEAT_MS = 500;
