import type { AuthorizationServer } from './authorization/authorization-server.js';
import type { WireRequest } from './exchange/wire-request.js';
import type { WireResponse } from './exchange/wire-response.js';
import type { UpstreamStage } from './request-path/upstream-stage.js';
import type { ExitProcessStep } from './script/actions/exit-process.js';
import type { ScriptAction } from './script/actions/index.js';
import type { ScriptDocument, ScriptStep } from './script/script-document.js';
import type { Transcript } from './transcript/transcript.js';
import type { Era, TranscriptFrame } from './transcript/transcript-frame.js';
import type { TransportDescriptor } from './transports/transport.js';
import type { CatalogSnapshot } from './world/catalog.js';
import type { ListKind } from './world/list-kind.js';
import type { ListItems } from './world/lists.js';
import type { ToolDefinition } from './world/tool-definition.js';

/** Options for `createFakeServer`. */
export interface FakeServerOptions {
  /** `memory` (default) keeps every frame; `disabled` keeps none (frames are still numbered and announced). */
  transcript?: 'memory' | 'disabled';
  /** Overrides the script's `seed`. */
  seed?: number;
  /**
   * Where legacy `Mcp-Session-Id` values come from: `seeded` (default) from the seed, so the same
   * script and seed give the same transcript frame for frame; `random` from `crypto.randomBytes`,
   * so ids never repeat across processes or resets (`toolshift serve` uses it: a client holding an
   * id from an earlier process gets 404, never another client's session).
   */
  sessionIds?: 'seeded' | 'random';
  /**
   * A proxy's upstream stage (`createProxyServer` sets it): the world mirrors a real server's
   * catalog and relays what it does not own to it. Absent on a plain fake server.
   */
  upstream?: UpstreamStage;
}

/** Options for {@link FakeServer.waitFor}. */
export interface WaitForOptions {
  /** Give up after this many ms of wall time (default 5000). */
  timeoutMs?: number;
  /**
   * Only frames with `seq` greater than this count (default 0: every frame, including past ones;
   * `server.transcript.lastSeq` for frames after the call only).
   */
  afterSeq?: number;
}

/**
 * A programmable fake MCP server: one world (catalog, principals, sessions, subscriptions) served
 * in both eras over any transport, recording every frame in its transcript.
 */
export interface FakeServer {
  /** The validated script this server plays. */
  readonly script: ScriptDocument;
  /** Every frame in and out (see {@link TranscriptFrame}). */
  readonly transcript: Transcript;
  /** The current catalog revision (integer, starts at 1, +1 per mutation). */
  readonly catalogRevision: number;
  /** Eras this server answers. */
  readonly eras: ReadonlySet<Era>;
  /** The tools currently served, in catalog order. */
  tools(): ToolDefinition[];
  /** A frozen copy of the catalog. */
  snapshot(): CatalogSnapshot;
  /**
   * The items of one list now (resources, resource templates, prompts; tools too), in list order,
   * with its revision; `served` is false for a list the script does not serve (its methods get -32601).
   */
  list<K extends ListKind>(kind: K): { revision: number; served: boolean; items: ListItems[K][] };
  /**
   * Answers one frame from a transport. Never rejects: bad input becomes the spec's wire error and
   * an internal failure becomes HTTP 500 with -32603. Resolves late under a `delay` fault and only
   * when the server closes under a `hang` fault.
   */
  handle(request: WireRequest): Promise<WireResponse>;
  /**
   * Applies a step now: a script step id, a step object, or a bare action. Records a `step` frame
   * (with the new catalog revision) before any notification the action emits.
   * @throws {ToolshiftError} SCRIPT_UNKNOWN_STEP when `step` is an id the script does not define.
   * @throws {ScriptError} SCRIPT_INVALID when a step or action object breaks the script schema (nothing changes).
   * @throws {ToolshiftError} FAULT_UNSUPPORTED_BY_TRANSPORT when the step injects a fault an attached transport cannot produce (nothing changes).
   * @throws {ToolshiftError} STEP_FAILED when the action cannot run (nothing changes).
   */
  apply(step: string | ScriptStep | ScriptAction): TranscriptFrame;
  /** Advances the logical clock by `ms`, firing `atTick` steps and releasing held signals that became due. Returns the new time (ms). */
  advanceClock(ms: number): number;
  /** Logical time, ms. */
  now(): number;
  /** How many responses wait for the logical clock now (held by `delay` faults with `clock: 'logical'`). */
  heldOnLogicalClock(): number;
  /**
   * Resolves with the first frame (past or future) matching `predicate`. Frames already recorded
   * count: to wait for what an action causes (a step you applied, a request you sent), pass
   * `afterSeq` (e.g. `{ afterSeq: server.apply(step).seq }`), or it may resolve with an earlier frame.
   * @throws {ToolshiftError} WAIT_TIMED_OUT when none matches within `timeoutMs`.
   */
  waitFor(predicate: (frame: TranscriptFrame) => boolean, options?: WaitForOptions): Promise<TranscriptFrame>;
  /**
   * Records a request a transport refused before the server could read it (a body over the size
   * limit, an unreadable body, a foreign `Host`/`Origin`), so the transcript loses nothing: an
   * inbound frame whose `note` says why (`raw` holds no body: it was never read) and the outbound
   * refusal with its HTTP status.
   */
  recordRefusal(request: WireRequest, response: WireResponse, reason: string): void;
  /** Number of open long-lived streams (legacy GET + modern listen). */
  openStreamCount(): number;
  /**
   * The salted digest this server's transcript records for a request carrying `credential` (the
   * `authorization` value after its scheme, e.g. a bearer token): compare it with a frame's
   * `credentialDigest` to check which token a request carried without the transcript holding any.
   * The key is random, made once per server and never recorded.
   */
  credentialDigest(credential: string): string;
  /**
   * The `mutateBetweenPages` changes armed but not fired yet (no listing reached their page): a run
   * that ends with one never exercised what the script set up.
   */
  pendingPageMutations(): Array<{ stepId: string; afterPage: number; list: ListKind }>;
  /**
   * Declares a transport serving this server; returns the function that detaches it. Every fault
   * the script injects must be one the transport can produce, and every trigger one it can fire.
   * @throws {ToolshiftError} FAULT_UNSUPPORTED_BY_TRANSPORT naming the first fault it cannot produce.
   * @throws {ScriptError} SCRIPT_UNREACHABLE naming a trigger that can never fire over it (a GET-stream trigger over stdio).
   */
  attachTransport(transport: TransportDescriptor): () => void;
  /**
   * The RFC 9728 protected-resource metadata for the endpoint at `endpointUrl`, or `undefined` when
   * the script configures no `auth` (the transport then answers 404).
   * @see ../shared/spec/mcp-discovery-spec.md §6
   */
  protectedResourceMetadata(endpointUrl: string): Record<string, unknown> | undefined;
  /**
   * The fake OAuth 2.1 authorization server of the script's `authorizationServer` section (the HTTP
   * transport serves it next to the endpoint), or `undefined`.
   */
  authorizationServer(): AuthorizationServer | undefined;
  /**
   * Makes `exitProcess` steps end the process (a server run as a process, e.g. `toolshift serve
   * --stdio`, passes `(code) => process.exit(code)`, and honours `step.how` and
   * `step.grandchild`); without it they drop every stream.
   */
  onProcessExit(exit: (code: number, step: ExitProcessStep) => void): void;
  /**
   * For connection-oriented transports served by this process (stdio channels, in-memory pairs):
   * `listener` runs with the step's exit code (and the whole step: how the process goes away, and
   * whether it leaves a child holding its stdout) when an `exitProcess` step ends the "process", right
   * after every stream was dropped, so the channel closes as it would on a real exit (a stdio
   * channel served through a relay process ends that process with the code). Returns the function
   * that removes it.
   */
  addExitListener(listener: (code: number, step: ExitProcessStep) => void): () => void;
  /** Ends every stream and session, restores the initial catalog, clears the transcript and clock. */
  reset(): void;
  /** Ends every stream (`graceful` by default: listen streams get their final result) and sessions. */
  close(mode?: 'graceful' | 'drop'): void;
}
