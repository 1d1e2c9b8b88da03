import type { ExposedTool, ModelTool, WithheldModelTool } from '@toolshift/assertions';
import type { Era } from '@toolshift/fake-server';
import { CLIENT_FEATURES, type ClientFeature } from '../../scenario.js';
import type { ModelTarget } from '../client-adapter.js';
import { CLIENT_PHASES, type ClientPhase } from '../client-phase-error.js';

/**
 * The command-client protocol, version 1: newline-delimited JSON between the runner and a client
 * program it spawns (`--client 'command:<shell command>'`), one object per line, each with a `type`.
 * The program writes to stdout; the runner writes to the program's stdin. The program's stderr is
 * kept as notes in the cell's observations. README "Testing your own client" documents it.
 */
export const COMMAND_PROTOCOL_VERSION = 1;

/** Environment variables the runner sets when it spawns the program. */
export const COMMAND_ENV = {
  /** Always `1` (the protocol version). */
  protocol: 'TOOLSHIFT_PROTOCOL',
  /**
   * The cell's era: `legacy` or `modern` (the endpoint serves that era, and the client should
   * prefer it), or `dual` (the endpoint serves both and `connect` carries no `era`: use your
   * client's default).
   */
  era: 'TOOLSHIFT_ERA',
  /** The cell's transport: `http`. */
  transport: 'TOOLSHIFT_TRANSPORT',
  /** The first server's id (every server also comes as a `connect` message). */
  serverId: 'TOOLSHIFT_SERVER_ID',
  /** The first server's MCP endpoint URL. */
  serverUrl: 'TOOLSHIFT_SERVER_URL',
  /** The first server's bearer token, when the scenario gives one. */
  bearerToken: 'TOOLSHIFT_BEARER_TOKEN',
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

/** First line the program writes: who it is and what it can do. */
export interface HelloMessage {
  type: 'hello';
  /** Must be 1. */
  protocol: number;
  /** The client's name in reports and baselines (default `command:<shell command>`). */
  name?: string;
  /** Host features it implements (see `CLIENT_FEATURES`); each enables the matching requests. */
  features?: ClientFeature[];
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
  /** The answer to the runner's request `id`. */
  | { type: 'response'; id: number; ok: true; result?: unknown }
  /**
   * A failed request. `phase` (optional) says which phase of the client's work failed (see
   * `CLIENT_PHASES`): a `connect` answered `"phase": "tool-set"` means the connection worked but the
   * client could not build its tool set (e.g. it refused a duplicate name), not a failed connection.
   */
  | { type: 'response'; id: number; ok: false; error: string; code?: string; phase?: ClientPhase };

/** What the runner asks (stdin). Each request but `shutdown` carries an `id` the program answers with a `response`. */
export type RunnerRequest =
  | {
      type: 'connect';
      id: number;
      serverId: string;
      url: string;
      /** The era to prefer (`legacy` or `modern`); absent in a `dual` cell: connect with your client's default. */
      era?: Era;
      transport: 'http';
      bearerToken?: string;
      /**
       * The cell's fake model provider (`{ url, openai, anthropic, gemini }` base URLs): point the
       * host's model SDK at it; its model requests are the evidence of what the model is offered.
       */
      model?: ModelTarget;
    }
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

/** A `model-request` response's `result`. */
export interface ModelRequestResult {
  tools: ModelTool[];
  withheld?: WithheldModelTool[];
  estimatedTokens?: number;
  /** How many tools the host tells its user the request offers (its UI or registry count). */
  reportedToolCount?: number;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/**
 * Parses one line the program wrote: a {@link ProgramMessage}, or why it is not one (the runner
 * keeps such lines as notes, so a stray `console.log` is evidence, not a crash).
 */
export function parseProgramLine(line: string): ProgramMessage | { invalid: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { invalid: 'not JSON' };
  }
  if (!isObject(value)) return { invalid: 'not a JSON object' };
  switch (value.type) {
    case 'hello': {
      if (value.protocol !== COMMAND_PROTOCOL_VERSION)
        return { invalid: `hello.protocol must be ${COMMAND_PROTOCOL_VERSION}` };
      if (value.name !== undefined && !isString(value.name))
        return { invalid: 'hello.name must be a non-empty string' };
      const features = value.features ?? [];
      if (!Array.isArray(features)) return { invalid: 'hello.features must be an array' };
      const unknown = features.find((f) => !(CLIENT_FEATURES as readonly unknown[]).includes(f));
      if (unknown !== undefined)
        return {
          invalid: `hello.features: '${String(unknown)}' is not a feature (known: ${CLIENT_FEATURES.join(', ')})`,
        };
      return value as unknown as HelloMessage;
    }
    case 'tools':
      if (!isString(value.serverId)) return { invalid: 'tools.serverId must be a non-empty string' };
      if (!Array.isArray(value.tools) || !value.tools.every((tool) => isObject(tool) && isString(tool.name)))
        return { invalid: 'tools.tools must be an array of objects with a name' };
      return value as unknown as ProgramMessage;
    case 'note':
      return typeof value.text === 'string'
        ? (value as unknown as ProgramMessage)
        : { invalid: 'note.text must be a string' };
    case 'warning':
      return isString(value.serverId) && typeof value.message === 'string'
        ? (value as unknown as ProgramMessage)
        : { invalid: 'warning needs serverId and message' };
    case 'state':
      return isString(value.serverId) && isString(value.state)
        ? (value as unknown as ProgramMessage)
        : { invalid: 'state needs serverId and state' };
    case 'response':
      if (!Number.isInteger(value.id)) return { invalid: 'response.id must be an integer' };
      if (value.ok === true) return value as unknown as ProgramMessage;
      if (value.phase !== undefined && !(CLIENT_PHASES as readonly unknown[]).includes(value.phase))
        return { invalid: `response.phase must be one of ${CLIENT_PHASES.join(', ')}` };
      if (value.ok === false && typeof value.error === 'string') return value as unknown as ProgramMessage;
      return { invalid: 'response needs ok: true, or ok: false with an error string' };
    default:
      return { invalid: `unknown message type ${JSON.stringify(value.type)}` };
  }
}
