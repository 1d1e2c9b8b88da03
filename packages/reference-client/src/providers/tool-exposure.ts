import { ToolshiftError } from '../errors/toolshift-error.js';
import type { ToolProposal } from '../execution/tool-proposal.js';
import type { DiscoveredTool, JsonObject } from '../snapshot/discovered-tool.js';
import type { ProviderAdapter } from './provider-adapter.js';

/** One tool as a model sees it, with the identity and contract behind it. */
export interface ExposedTool {
  /** The model-facing name. */
  alias: string;
  serverId: string;
  toolName: string;
  /** The contract the definition was built from (a proposal's `discoveryRevision`). */
  contractHash: string;
  /** The provider's tool definition. */
  definition: JsonObject;
  /** Estimated tokens of `definition`. */
  estimatedTokens: number;
  /** What the adapter changed (keywords left to local validation, …). */
  notes: readonly string[];
}

/**
 * Why a verified tool is not in an exposure: `server-disabled` (off for the chat), `denied`
 * (permission policy), `suspicious-description` (withheld by host option), `not-selected`,
 * `adaptation-failed` (the provider cannot express the schema; `detail` says why), `tool-limit`
 * (deferred: the request would carry more tools than the provider accepts), `budget` (over
 * `maxTokens`).
 */
export interface WithheldTool {
  serverId: string;
  toolName: string;
  reason:
    | 'server-disabled'
    | 'denied'
    | 'suspicious-description'
    | 'not-selected'
    | 'adaptation-failed'
    | 'tool-limit'
    | 'budget';
  detail?: string;
}

/** Estimated token cost of an exposure. */
export interface ContextBudget {
  /** Sum over exposed definitions. */
  estimatedTokens: number;
  /** By server id. */
  perServer: Readonly<Record<string, number>>;
  /** The budget asked for, if any. */
  maxTokens?: number;
  /** The most tools the request may carry (provider limit or `maxTools`), if any. */
  maxTools?: number;
}

/**
 * A server whose tools in an exposure come from a verified snapshot that does not reflect a change
 * signal the server sent: the re-list it started was still running after `changeWaitMs`
 * (`refresh-pending`) or failed (`refresh-failed`), or a server whose first listing was still
 * running after `changeWaitMs` (`listing-pending`: none of its tools are exposed). `detail` says why; a host may tell the user or
 * the model that the tool list may be out of date.
 */
export interface StaleServer {
  serverId: string;
  reason: 'refresh-pending' | 'refresh-failed' | 'listing-pending';
  detail: string;
}

/** What a {@link ToolExposure} is made of (built by `DiscoveryHost.expose`). */
export interface ToolExposureParts {
  provider: ProviderAdapter;
  tools: readonly ExposedTool[];
  /** The verified tool behind each alias. */
  snapshots: ReadonlyMap<string, DiscoveredTool>;
  withheld: readonly WithheldTool[];
  budget: ContextBudget;
  staleServers?: readonly StaleServer[];
  chatId?: string;
}

/**
 * The model-facing tool set for one request: provider definitions under collision-free aliases,
 * with a reverse map to the real identities and the contract each was built from. Security
 * filtering (server enablement, deny rules) happened before any definition was serialized.
 */
export class ToolExposure {
  readonly provider: ProviderAdapter;
  /** The exposed tools, in exposure order; `tools.length === definitions.length` (the count a user sees is the count sent). */
  readonly tools: readonly ExposedTool[];
  /** The provider definitions, in exposure order, ready for a model request. */
  readonly definitions: readonly JsonObject[];
  /** Verified tools left out, each with the reason. */
  readonly withheld: readonly WithheldTool[];
  readonly budget: ContextBudget;
  /** Servers whose exposed tools may be out of date (a change signal not yet reflected). Empty normally. */
  readonly staleServers: readonly StaleServer[];
  readonly chatId?: string;
  private readonly byAlias: ReadonlyMap<string, { exposed: ExposedTool; tool: DiscoveredTool }>;

  constructor(parts: ToolExposureParts) {
    this.provider = parts.provider;
    this.tools = Object.freeze([...parts.tools]);
    this.definitions = Object.freeze(parts.tools.map((tool) => tool.definition));
    this.withheld = Object.freeze([...parts.withheld]);
    this.budget = parts.budget;
    this.staleServers = Object.freeze([...(parts.staleServers ?? [])]);
    if (parts.chatId !== undefined) this.chatId = parts.chatId;
    this.byAlias = new Map(
      parts.tools.map((exposed) => [exposed.alias, { exposed, tool: parts.snapshots.get(exposed.alias)! }]),
    );
  }

  /**
   * The identity behind a model-facing alias.
   * @throws {ToolshiftError} PROVIDER_ALIAS_UNKNOWN when this exposure has no such alias.
   */
  resolve(alias: string): ExposedTool {
    const found = this.byAlias.get(alias);
    if (!found) {
      throw new ToolshiftError(
        'PROVIDER_ALIAS_UNKNOWN',
        `The model called ${JSON.stringify(alias)}, which this ${this.provider.id} exposure does not contain.`,
        { alias, provider: this.provider.id },
      );
    }
    return found.exposed;
  }

  /**
   * Turns a model's call into a {@link ToolProposal} against the real identity, carrying the
   * contract hash the model was shown and the arguments mapped back to MCP form.
   * @throws {ToolshiftError} PROVIDER_ALIAS_UNKNOWN
   */
  proposal(alias: string, args: Record<string, unknown>): ToolProposal {
    const exposed = this.resolve(alias);
    const tool = this.byAlias.get(alias)!.tool;
    const mapped =
      typeof args === 'object' && args !== null && !Array.isArray(args)
        ? this.provider.toMcpArguments(tool, args)
        : args;
    return {
      serverId: exposed.serverId,
      toolName: exposed.toolName,
      discoveryRevision: exposed.contractHash,
      arguments: mapped,
      alias,
      ...(this.chatId !== undefined ? { chatId: this.chatId } : {}),
    };
  }
}
