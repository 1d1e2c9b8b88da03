import type { Transport } from '@modelcontextprotocol/client';
import type { ExposedTool, ModelTool, WithheldModelTool } from '@toolshift/assertions';
import type { Era } from '@toolshift/fake-server';
import type { ClientFeature, ScenarioTransport } from '../scenario.js';
import type { ClientStderr } from './client-stderr.js';

/**
 * How the client reaches one fake server:
 * - `http`: a real loopback Streamable HTTP endpoint at `url`;
 * - `msw`: the same endpoint served through msw interception of `fetch` (nothing listens at `url`);
 * - `in-memory`: a connection-oriented channel; `connect()` opens a fresh one as an SDK `Transport`;
 * - `stdio`: a server process to spawn, `command` with `args` (a small relay to the cell's fake
 *   server: a real process with a pid and an exit code, which an `exitProcess` step ends with its
 *   code); spawn it the way your host spawns stdio servers, or take `connect()` (an SDK `Transport`
 *   that spawns it) or `openChannel()` (its stdin and stdout). Each spawn is a fresh server process
 *   and a new connection; the world and the transcript live on.
 */
export type TransportTarget =
  | {
      kind: 'http' | 'msw';
      url: string;
      /**
       * The bearer token of the cell's admin API (`…/__toolshift` beside `url`), for toolshift's own
       * adapters in its process (a `--command` program's adapter waits on the transcript through it).
       * Never handed to a client module's or command program's process: a client that finds the
       * admin API cannot reset or drive the server that judges it (401).
       */
      adminToken?: string;
    }
  | { kind: 'in-memory'; connect(): Transport }
  | {
      kind: 'stdio';
      /** The server's executable (no shell involved). */
      command: string;
      /** Its arguments. */
      args: readonly string[];
      /** An SDK `Transport` that spawns the server process on `start()` (a respawn is another `connect()`). */
      connect(): Transport;
      /**
       * Spawns the server process and returns its pipes: the client's bytes go to `toServer`, the
       * server's lines come out of `fromServer`, which ends when the process exits.
       */
      openChannel(): StdioChannel;
    };

/** The two byte streams of one stdio channel to a fake server. */
export interface StdioChannel {
  /** What the client writes (the server process's stdin); end it to close the channel. */
  toServer: NodeJS.WritableStream;
  /** What the server writes (its stdout); ends when the server drops the channel. */
  fromServer: NodeJS.ReadableStream;
}

/** Where and how the client under test should connect to one server. */
export interface ConnectTarget {
  /** The fake server's MCP endpoint URL (`http`/`msw` targets; kept for adapters written before `transport`). */
  url: string;
  /** How to reach the server. */
  transport: TransportTarget;
  /**
   * The era the cell asks the client to prefer: `legacy` (speak 2025-11-25) or `modern` (prefer
   * 2026-07-28, negotiating and falling back to `initialize` where the server turns out
   * legacy-only). In a `legacy` or `modern` cell the endpoint serves only that era, unless the
   * scenario's script pins others (e.g. a legacy-only server in a modern cell tests the fallback).
   * Absent in a `dual` cell, whose endpoint serves both: connect the way your client does by
   * default, with no era configured, so the run shows which era it picks.
   */
  era?: Era;
  /** The server connection id the client should use for identity. */
  serverId: string;
  /** Bearer token to send on every request (the principal the fake server sees; the `bearer-auth` feature). */
  bearerToken?: string;
  /** The host's stable id for those credentials (never the secret), for clients that key caches by it. */
  credentialProfileId?: string;
  /** Whether the client may start this connection from a listing it cached earlier (a host that caches across sessions). */
  reuseCache?: boolean;
  /**
   * Every server connection of the cell, in scenario order (this one included), as a host's
   * configuration would list them up front: for clients that take a fixed server list at
   * construction. Each server still gets its own `connect` call.
   */
  cellServers?: readonly ConnectTarget[];
  /** The scenario the cell runs (for clients that pick their behaviour by scenario, like conformance-style programs). */
  scenarioId?: string;
  /**
   * The cell's fake model provider: point the host's model SDK here instead of the real API, and
   * the model requests it sends are the evidence of what the model is offered (no adapter code
   * needed). The same for every server of a cell.
   */
  model?: ModelTarget;
}

/**
 * Base URLs of the cell's fake model provider, per provider SDK (the command protocol passes the
 * same object in `connect.model`, and the env `TOOLSHIFT_MODEL_URL`, `OPENAI_BASE_URL`,
 * `ANTHROPIC_BASE_URL`, `GOOGLE_GEMINI_BASE_URL`).
 */
export interface ModelTarget {
  /** The provider's origin, e.g. `http://127.0.0.1:54321` (`TOOLSHIFT_MODEL_URL`). */
  url: string;
  /** OpenAI SDK `baseURL` (Chat Completions and Responses): `<url>/v1`. */
  openai: string;
  /** Anthropic SDK `baseURL`: `<url>`. */
  anthropic: string;
  /** Gemini SDK `httpOptions.baseUrl`: `<url>`. */
  gemini: string;
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
  /** A warning the client shows its user, about a server or one of its tools. */
  warning(warning: { serverId: string; toolName?: string; message: string }): void;
  /** The client asked the user (`asked`) or applied a standing rule (`standing`) for one tool identity. */
  permission(decision: {
    serverId: string;
    toolName: string;
    granted: boolean;
    how: 'asked' | 'standing';
  }): void;
  /**
   * The user's answer when the client asks before running a call (report the decision with
   * `permission` too). Absent: the user approves everything.
   */
  approve?(question: ApprovalQuestion): boolean;
  /**
   * `resources`: the resources (and resource templates) the host now shows for a server, complete
   * (`[]` too); call it whenever they change. `lists.reported-current` judges the last report.
   */
  resources?(serverId: string, shown: ShownResources): void;
  /** `prompts`: the prompts the host now shows for a server, complete (`[]` too); call it whenever they change. */
  prompts?(serverId: string, prompts: ReadonlyArray<{ name: string; description?: string }>): void;
  /**
   * `discovery-state`: the server's discovery state changed (`ready`, `stale`, `authRequired`, …);
   * `state.agrees-with-tools` holds each report to the tools offered at that moment.
   */
  state?(serverId: string, state: ReportedState): void;
}

/** The resources and resource templates a host shows for one server. */
export interface ShownResources {
  resources: ReadonlyArray<{ uri: string; name?: string }>;
  resourceTemplates: ReadonlyArray<{ uriTemplate: string; name?: string }>;
}

/**
 * What a host may report about an agent turn, as its UI would show it (optional): its own token
 * estimate of the tool definitions it sent, in all and per server.
 */
export interface AgentTurnReport {
  estimatedTokens?: number;
  perServerTokens?: Readonly<Record<string, number>>;
  /**
   * How many tools the host tells its user the model is offered this turn (the count its UI or
   * registry shows); `model.tool-count-as-reported` holds each model request of the turn to it.
   */
  toolCount?: number;
}

/** The outcome of a tool call made through the client. */
export type AdapterCallOutcome = { ok: true; result: unknown } | { ok: false; error: string; code?: string };

/** The tool set a client builds for one model request. */
export interface ModelRequest {
  tools: ModelTool[];
  withheld: WithheldModelTool[];
  /** The client's token estimate of the definitions, if it keeps one. */
  estimatedTokens?: number;
  perServerTokens?: Readonly<Record<string, number>>;
  /** How many tools the host tells its user this request offers the model (its UI or registry count), if it says. */
  reportedToolCount?: number;
  /** The fake model provider's exchange that carried the request (set by the runner). */
  exchange?: number;
  /** How many offered tools the request marked OpenAI `strict: true`, when read from the wire (set by the runner). */
  strictTools?: number;
}

/** What the model receives for one call, and where the client routed it. */
export interface ModelCallResult {
  isError: boolean;
  /** The text the model sees (a tool result or the client's error message). */
  text: string;
  routedTo?: { serverId: string; toolName: string };
}

/** A server's discovery state as the client reports it (e.g. `ready`, `authRequired`). */
export interface ReportedState {
  state: string;
  detail?: string;
}

/**
 * Drives one client under test. An adapter is created per cell and never reused. `connect` is
 * called once per server of the scenario and resolves once the client finished its own initial
 * discovery of that server. The optional methods belong to the features the factory declares.
 */
export interface ClientAdapter {
  /** Connects one server; an adapter may be asked to connect several (distinct `serverId`s). */
  connect(target: ConnectTarget, observer: ClientObserver): Promise<void>;
  /** Calls a tool by its MCP identity (`serverId` defaults to the first server connected). */
  callTool(toolName: string, args: Record<string, unknown>, serverId?: string): Promise<AdapterCallOutcome>;
  /** `permission-rules`: the user sets a standing "always allow" rule for one tool identity (clients without a permission layer omit it). */
  grant?(serverId: string, toolName: string): void | Promise<void>;
  close(): Promise<void>;
  /** `model-exposure`: the tool set for the next model request. */
  modelRequest?(options: { provider?: string }): Promise<ModelRequest>;
  /** `model-exposure`: the model calls `name` (from the latest model request) with `args`. */
  modelCall?(
    name: string,
    args: Record<string, unknown>,
    options: { provider?: string },
  ): Promise<ModelCallResult>;
  /**
   * `agent-turn`: the user sends `prompt`; the host runs one agent turn against the cell's fake
   * model (`ConnectTarget.model`): it sends the model its tools, runs the tool calls the model
   * makes and sends their results back, until the model answers in text. Resolves when the turn
   * ends. The runner reads what the model was offered, and what it got back, from the wire, so a
   * host with this feature needs no `modelRequest`/`modelCall` code (`provider` is the scenario's
   * hint, e.g. `openai-strict`, for hosts that can talk to several).
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: an `async agentTurn() {}` that reports nothing must fit.
  agentTurn?(request: { prompt: string; provider?: string }): Promise<AgentTurnReport | undefined | void>;
  /** `manual-refresh`: re-list a server now; resolves when the refresh ends. */
  refresh?(serverId: string): Promise<void>;
  /** `reconnect`: drop and re-establish the connection to a server; resolves when rediscovered. */
  reconnect?(serverId: string): Promise<void>;
  /**
   * `restart-client`: the host restarts — drop the client (as a process exit would, without a clean
   * shutdown), build a new one from the state the old one persisted (stored session ids, cached
   * catalogs, tokens) and connect every server again the way the host does on startup; resolves
   * when it has rediscovered them (reporting exposures as ever).
   */
  restartClient?(): Promise<void>;
  /** `reauthorize`: use a new bearer token for a server from now on. */
  reauthorize?(serverId: string, bearerToken: string): Promise<void>;
  /** `host-clock`: advance the client's clock by `ms`, firing due timers. */
  advanceClock?(ms: number): Promise<void>;
  /** `discovery-state`: the client's discovery state for a server. */
  serverState?(serverId: string): ReportedState | Promise<ReportedState>;
  /**
   * The client restarts (a new process of the host): it closes and starts again from whatever it
   * persisted, connecting every server anew; resolves when each is rediscovered.
   */
  restart?(): Promise<void>;
  /**
   * After `close`: why the client itself failed the run, if it did (a conformance-style program
   * that ended with a non-zero status). The runner reports it as `runner.program-exit`.
   */
  failure?(): string | undefined;
  /**
   * After `close`: what the client's own process wrote to stderr during the cell, for a client that
   * runs one (a `command:` or `--command` program); the reports put it in the cell's `<system-err>`.
   */
  clientStderr?(): ClientStderr | undefined;
  /**
   * After `close`: what the harness noticed running the client that is no verdict on it, for an
   * adapter that runs the client in a process of its own (processes the program left behind, which
   * it ended); the cell reports them as harness warnings.
   */
  harnessWarnings?(): readonly string[];
}

/** What a client can do: the transports it can connect over and the host features it offers. */
export interface ClientCapabilities {
  transports: readonly ScenarioTransport[];
  features: readonly ClientFeature[];
  /**
   * The protocol eras the client can speak (default: it does not say, and is run in every cell).
   * A cell whose endpoint serves none of them is `n/a` with the reason: e.g. a 2025-11-25-only
   * client declares `['legacy']` and skips the modern-only cells instead of failing them with
   * `runner.era-negotiated`.
   */
  eras?: readonly Era[];
  /**
   * The client reports nothing but its traffic (a conformance-style program, `--command`): each
   * `settle` waits for a quiet wire instead of the client's exposure, host actions (calls, model
   * requests) are not asked of it, and a check that needs what the client exposed or did is `n/a`
   * with the reason; only what the transcripts show is judged.
   */
  wireOnly?: boolean;
}

/** A named way to build adapters; the CLI's `--client` picks one by name. */
export interface ClientAdapterFactory {
  /** CLI name, e.g. `reference`, `sdk`, `defect:ignores-list-changed`. */
  name: string;
  /**
   * `reference`: ours, never excused by a baseline; `sdk`: the official SDK client; `external`: any
   * other client toolshift does not own (yours, loaded with `--client-module` or `--client command:…`);
   * `defect`: deliberately broken; `unusual`: deliberately correct but unusual (the false-positive
   * corpus). Every kind but `reference` and `unusual` may have expected-failures baseline entries.
   */
  kind: 'reference' | 'sdk' | 'external' | 'defect' | 'unusual';
  description: string;
  /** Default: `{ transports: ['http'], features: [] }`. */
  capabilities?: ClientCapabilities;
  create(): ClientAdapter;
}

/** A factory's capabilities, with the default for factories that declare none. */
export function capabilitiesOf(factory: ClientAdapterFactory): ClientCapabilities {
  return factory.capabilities ?? { transports: ['http'], features: [] };
}
