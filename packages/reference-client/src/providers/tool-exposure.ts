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
 * `adaptation-failed` (the provider cannot express the schema; `detail` says why), `budget`
 * (over `maxTokens`).
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
}

/**
 * The model-facing tool set for one request: provider definitions under collision-free aliases,
 * with a reverse map to the real identities and the contract each was built from. Security
 * filtering (server enablement, deny rules) happened before any definition was serialized.
 */
export class ToolExposure {
  /** The provider definitions, in exposure order, ready for a model request. */
  readonly definitions: readonly JsonObject[];
  private readonly byAlias: ReadonlyMap<string, { exposed: ExposedTool; tool: DiscoveredTool }>;

  constructor(
    readonly provider: ProviderAdapter,
    readonly tools: readonly ExposedTool[],
    snapshots: ReadonlyMap<string, DiscoveredTool>,
    readonly withheld: readonly WithheldTool[],
    readonly budget: ContextBudget,
    readonly chatId?: string,
  ) {
    this.definitions = Object.freeze(tools.map((tool) => tool.definition));
    this.byAlias = new Map(
      tools.map((exposed) => [exposed.alias, { exposed, tool: snapshots.get(exposed.alias)! }]),
    );
    Object.freeze(this.tools);
    Object.freeze(this.withheld);
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
