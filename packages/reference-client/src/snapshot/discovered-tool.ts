import type { DescriptionAdvisory } from '../schema-gate/description-screen.js';
import type { SchemaNormalization } from '../schema-gate/normalize-input-schema.js';

/** A JSON object as received from a server (schemas, annotations). Treat as read-only. */
export type JsonObject = { readonly [key: string]: unknown };

/** The protocol era of a connection: 2025-11-25 `initialize` ("legacy") or 2026-07-28 ("modern"). */
export type Era = 'legacy' | 'modern';

/**
 * A contract snapshot: one tool as a server offered it, identified by `(serverId, name)`.
 * `contractHash` is the SHA-256 (hex) of the RFC 8785 canonical form of the execution-relevant
 * contract as the server sent it (see {@link executionContract}), so key order and whitespace never
 * count as change, and neither does the host's normalization.
 * Deeply frozen (schemas and annotations included): validators are cached by `contractHash`.
 */
export interface DiscoveredTool {
  readonly serverId: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  /**
   * The input schema arguments are validated against and models are offered: the server's,
   * completed to an object schema with `properties` when it was `{}`, `$schema`-only or
   * property-less (see `normalizations`).
   */
  readonly inputSchema: JsonObject;
  /** The input schema exactly as the server sent it, present when normalization changed it. */
  readonly serverInputSchema?: JsonObject;
  /** What normalization added (JSON pointer and change); absent when nothing. */
  readonly normalizations?: readonly SchemaNormalization[];
  readonly outputSchema?: JsonObject;
  readonly annotations?: JsonObject;
  /** Legacy (2025-11-25) `execution`, e.g. `{ taskSupport }`. */
  readonly execution?: JsonObject;
  /** The tool's `_meta` as the server last served it (an object; not part of the contract hash). */
  readonly _meta?: JsonObject;
  /** When this contract was first seen with this hash, host clock (epoch ms). */
  readonly discoveredAtMs: number;
  /** SHA-256 hex of the canonical execution-relevant contract; a proposal's `discoveryRevision`. */
  readonly contractHash: string;
  /** Screening notes on the tool's text (e.g. instruction-like content); advisory, never policy. Screened on first read. */
  readonly advisories: readonly DescriptionAdvisory[];
}

/**
 * The execution-relevant part of a tool definition: what the model is told (`description`) and what
 * execution depends on (`name`, schemas, annotations, `execution`). Display-only fields (`title`,
 * `icons`, `_meta`) are left out, so a new icon is not a new contract.
 * @param inputSchema the input schema to put in (default `tool.inputSchema`; the contract hash
 *   takes the server's, see `serverInputSchema`).
 */
export function executionContract(
  tool: {
    name: string;
    description?: string;
    inputSchema: JsonObject;
    outputSchema?: JsonObject;
    annotations?: JsonObject;
    execution?: JsonObject;
  },
  inputSchema: JsonObject = tool.inputSchema,
): JsonObject {
  const contract: Record<string, unknown> = { name: tool.name, inputSchema };
  if (tool.description !== undefined) contract.description = tool.description;
  if (tool.outputSchema !== undefined) contract.outputSchema = tool.outputSchema;
  if (tool.annotations !== undefined) contract.annotations = tool.annotations;
  if (tool.execution !== undefined) contract.execution = tool.execution;
  return contract;
}
