import type { DiscoveredTool, JsonObject } from '../snapshot/discovered-tool.js';

/** The model-facing tool name rules of a provider. */
export interface NameRule {
  /** Characters allowed anywhere in a name. */
  allowed: RegExp;
  /** Characters allowed as the first character. */
  first: RegExp;
  /** Longest name, characters. */
  maxLength: number;
}

/** A tool adapted for one provider, or why it cannot be. */
export type AdaptOutcome =
  | {
      ok: true;
      /** The provider's tool definition, ready to serialize into a model request. */
      definition: JsonObject;
      /** What the adaptation did that a reviewer may want to know (e.g. keywords left to local validation). */
      notes: string[];
    }
  | { ok: false; reason: string; pointer: string; detail: string };

/**
 * Translates a verified contract into one model API's tool format. Adapters never weaken a schema
 * silently: a keyword the provider cannot express is either an annotation (dropped), a constraint
 * the host still enforces before execution (dropped with a note: the arguments are validated
 * against the real schema anyway), or a change of meaning (the tool fails to adapt, with a reason).
 */
export interface ProviderAdapter {
  /** Stable id, e.g. `openai-strict`. */
  readonly id: string;
  readonly nameRule: NameRule;
  /**
   * Most tool definitions one model request may carry: the model API's documented limit, or a cap
   * the adapter chooses where the API documents none (its docstring says which). Undefined: no
   * limit. `expose` never builds a request above it (see `ExposeOptions.onToolLimit`).
   */
  readonly maxTools?: number;
  /** Adapts `tool` under the model-facing `alias`. Never throws. */
  adapt(tool: DiscoveredTool, alias: string): AdaptOutcome;
  /**
   * Maps the arguments a model produced back to the MCP tool's arguments (e.g. drops the `null`s an
   * adapter introduced for optional properties). Identity when the adapter changed nothing.
   */
  toMcpArguments(tool: DiscoveredTool, args: Record<string, unknown>): Record<string, unknown>;
}
