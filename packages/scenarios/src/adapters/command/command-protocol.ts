import type { ExposedTool, ModelTool, WithheldModelTool } from '@toolshift/assertions';
import type { Era } from '@toolshift/fake-server';
import type { ClientFeature } from '../../scenario.js';
import type { ModelTarget } from '../client-adapter.js';
import type { ClientPhase } from '../client-phase-error.js';
import { checkMessage } from './command-protocol-schema.js';

/**
 * The command-client protocol, version 1: newline-delimited JSON between the runner and a client
 * program it spawns (`--client 'command:<shell command>'`), one object per line, each with a `type`.
 * The program writes to stdout; the runner writes to the program's stdin. The program's stderr is
 * kept as notes in the cell's observations. The contract is the JSON Schema
 * `@toolshift/scenarios/command-protocol.schema.json` (one `$defs` entry per message);
 * docs/testing-other-languages.md documents it and `toolshift driver-check` tests a program against it.
 */
export const COMMAND_PROTOCOL_VERSION = 1;

/**
 * Environment variables the runner sets when it spawns the program (docs/testing-other-languages.md
 * lists them too). A program may read its configuration from them at start, as a host
 * reads its configuration file, or wait for the `connect` requests.
 */
export const COMMAND_ENV = {
  /** Always `1` (the protocol version). */
  protocol: 'TOOLSHIFT_PROTOCOL',
  /**
   * The cell's era: `legacy` or `modern` (the endpoint serves that era, and the client should
   * prefer it), or `dual` (the endpoint serves both and `connect` carries no `era`: use your
   * client's default).
   */
  era: 'TOOLSHIFT_ERA',
  /** The cell's transport: `http` or `stdio`. */
  transport: 'TOOLSHIFT_TRANSPORT',
  /** The first server's id (every server also comes as a `connect` message). */
  serverId: 'TOOLSHIFT_SERVER_ID',
  /** `http`: the first server's MCP endpoint URL. */
  serverUrl: 'TOOLSHIFT_SERVER_URL',
  /** `stdio`: the first server's command line as a JSON array (`["/usr/bin/node","-e","…","41234"]`). */
  serverCommand: 'TOOLSHIFT_SERVER_COMMAND',
  /** The first server's bearer token, when the scenario gives one. */
  bearerToken: 'TOOLSHIFT_BEARER_TOKEN',
  /**
   * Every server connection of the cell, up front, as a JSON array of `serverTarget` objects
   * (`{serverId, transport, url | command+args, era?, bearerToken?}`), in scenario order: for
   * libraries that take a fixed server list at construction. Each server still comes as a
   * `connect` request, answered once that server's tools are reported.
   */
  servers: 'TOOLSHIFT_SERVERS',
  /** `1` when the runner only reads the `hello` line (it sends `shutdown` right after). */
  probe: 'TOOLSHIFT_PROBE',
  /** The cell's fake model provider, its origin (`connect.model.url`). */
  modelUrl: 'TOOLSHIFT_MODEL_URL',
  /** The OpenAI SDKs' base URL convention: the fake provider's `/v1` (`connect.model.openai`). */
  openaiBaseUrl: 'OPENAI_BASE_URL',
  /** The Anthropic SDKs' base URL convention: the fake provider's origin (`connect.model.anthropic`). */
  anthropicBaseUrl: 'ANTHROPIC_BASE_URL',
  /** The Gemini SDK's (`@google/genai`) base URL override: the fake provider's origin (`connect.model.gemini`). */
  geminiBaseUrl: 'GOOGLE_GEMINI_BASE_URL',
} as const;

/**
 * API keys the runner sets to {@link FAKE_MODEL_API_KEY} (SDKs refuse to start without one; a real
 * key in the runner's environment never reaches the client under test).
 */
export const MODEL_API_KEY_ENV = [
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'GEMINI_API_KEY',
  'GOOGLE_API_KEY',
] as const;

/** The API key value the client under test gets for the fake model provider. */
export const FAKE_MODEL_API_KEY = 'toolshift-fake-model-key';

/**
 * The protocol's handshake deadline: a program writes its `hello` line within 60 s of being started.
 * Generous on purpose — a runtime starting on a busy machine (a JVM, a Python interpreter) takes
 * seconds — and meant to be met by saying hello before loading the library (`TOOLSHIFT_PROBE=1`
 * runs then end without loading it). Stated in `command-protocol.schema.json` (`hello`).
 */
export const HELLO_DEADLINE_MS = 60_000;

/** First line the program writes: who it is and what it can do. */
export interface HelloMessage {
  type: 'hello';
  /** Must be 1. */
  protocol: number;
  /** The client's name in reports and baselines (default `command:<shell command>`). */
  name?: string;
  /** Host features it implements (see `CLIENT_FEATURES`); each enables the matching requests. */
  features?: ClientFeature[];
  /** Transports it connects over (default `['http']`). */
  transports?: CommandTransport[];
  /** Protocol eras it can speak (default: it does not say, and runs in every cell). */
  eras?: Era[];
}

/** The transports a client program can be handed a server over. */
export const COMMAND_TRANSPORTS = ['http', 'stdio'] as const;
export type CommandTransport = (typeof COMMAND_TRANSPORTS)[number];

/**
 * How to reach one server connection: a loopback Streamable HTTP URL, or a command line that
 * starts the server as a child process speaking newline-delimited JSON-RPC on stdio.
 */
export type ServerTarget = {
  serverId: string;
  /** The era to prefer; absent in a `dual` cell. */
  era?: Era;
  bearerToken?: string;
  /**
   * The cell's fake model provider (`{ url, openai, anthropic, gemini }` base URLs): point the
   * host's model SDK at it; its model requests are the evidence of what the model is offered.
   */
  model?: ModelTarget;
} & ({ transport: 'http'; url: string } | { transport: 'stdio'; command: string; args: string[] });

/**
 * The environment variables that point a client program at its (first) server and, in a cell with
 * one, at the fake model provider in the provider SDKs' own variables (their API keys set to
 * {@link FAKE_MODEL_API_KEY}).
 */
export function serverTargetEnv(first: ServerTarget): Record<string, string> {
  const env: Record<string, string> =
    first.transport === 'http'
      ? { [COMMAND_ENV.serverUrl]: first.url }
      : { [COMMAND_ENV.serverCommand]: JSON.stringify([first.command, ...first.args]) };
  if (first.bearerToken !== undefined) env[COMMAND_ENV.bearerToken] = first.bearerToken;
  if (first.model !== undefined) {
    env[COMMAND_ENV.modelUrl] = first.model.url;
    env[COMMAND_ENV.openaiBaseUrl] = first.model.openai;
    env[COMMAND_ENV.anthropicBaseUrl] = first.model.anthropic;
    env[COMMAND_ENV.geminiBaseUrl] = first.model.gemini;
    for (const name of MODEL_API_KEY_ENV) env[name] = FAKE_MODEL_API_KEY;
  }
  return env;
}

/** The program's messages (stdout). */
export type ProgramMessage =
  | HelloMessage
  /** The complete set of tools the client now exposes for one server (send it whenever it changes; `[]` too). */
  | { type: 'tools'; serverId: string; tools: Array<Omit<ExposedTool, 'serverId'>> }
  /** Free-form evidence. */
  | { type: 'note'; text: string }
  /** A warning the client shows its user. */
  | { type: 'warning'; serverId: string; toolName?: string; message: string }
  /** `discovery-state`: the client's discovery state for a server changed. */
  | { type: 'state'; serverId: string; state: string; detail?: string }
  /** `resources`: the complete set of resources (and templates) the host now shows for a server. */
  | {
      type: 'resources';
      serverId: string;
      resources: Array<{ uri: string; name?: string }>;
      resourceTemplates?: Array<{ uriTemplate: string; name?: string }>;
    }
  /** `prompts`: the complete set of prompts the host now shows for a server. */
  | { type: 'prompts'; serverId: string; prompts: Array<{ name: string; description?: string }> }
  /** The answer to the runner's request `id`. */
  | { type: 'response'; id: number; ok: true; result?: unknown }
  /**
   * A failed request. `phase` (optional) says which phase of the client's work failed (see
   * `CLIENT_PHASES`): a `connect` answered `"phase": "tool-set"` means the connection worked but the
   * client could not build its tool set (e.g. it refused a duplicate name), not a failed connection.
   * `code` `UNSUPPORTED_REQUEST`: the program does not implement that request type.
   */
  | { type: 'response'; id: number; ok: false; error: string; code?: string; phase?: ClientPhase };

/** What the runner asks (stdin). Each request but `shutdown` carries an `id` the program answers with a `response`. */
export type RunnerRequest =
  /** Connect one server (see {@link ServerTarget}); answer once its tool set is reported. */
  | ({ type: 'connect'; id: number } & ServerTarget)
  | { type: 'call'; id: number; serverId: string; tool: string; arguments: Record<string, unknown> }
  | { type: 'refresh'; id: number; serverId: string }
  | { type: 'reconnect'; id: number; serverId: string }
  | { type: 'restart-client'; id: number }
  | { type: 'reauthorize'; id: number; serverId: string; bearerToken: string }
  | { type: 'model-request'; id: number; provider?: string }
  | { type: 'model-call'; id: number; name: string; arguments: Record<string, unknown>; provider?: string }
  /** `agent-turn`: run one agent turn against the fake model (`connect.model`) for the user's `prompt`; answer when it ends. */
  | { type: 'agent-turn'; id: number; prompt: string; provider?: string }
  | { type: 'advance-clock'; id: number; ms: number }
  | { type: 'grant'; id: number; serverId: string; tool: string }
  | { type: 'shutdown' };

/** The error code a program answers a request type it does not implement with. */
export const UNSUPPORTED_REQUEST = 'UNSUPPORTED_REQUEST';

/** A `model-request` response's `result`. */
export interface ModelRequestResult {
  tools: ModelTool[];
  withheld?: WithheldModelTool[];
  estimatedTokens?: number;
  /** How many tools the host tells its user the request offers (its UI or registry count). */
  reportedToolCount?: number;
}

/**
 * Parses one line the program wrote: a {@link ProgramMessage}, or why it is not one (checked against
 * the published schema, `command-protocol.schema.json`; the runner keeps such lines as notes, so a
 * stray `console.log` is evidence, not a crash).
 */
export function parseProgramLine(line: string): ProgramMessage | { invalid: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { invalid: 'not JSON' };
  }
  const violation = checkMessage('program', value);
  if (violation) {
    const type = (value as { type?: unknown }).type;
    return {
      invalid:
        typeof type === 'string' && violation.pointer !== '/type'
          ? `${type}: ${violation.message}`
          : violation.message,
    };
  }
  return value as ProgramMessage;
}
