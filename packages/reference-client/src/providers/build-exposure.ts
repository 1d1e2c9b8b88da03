import { ToolshiftError } from '../errors/toolshift-error.js';
import type { PermissionPolicy } from '../permissions/permission-policy.js';
import { type ToolKey, toolKeyString } from '../registry/tool-key.js';
import type { DiscoveredTool, JsonObject } from '../snapshot/discovered-tool.js';
import type { AdaptationCache } from './adaptation-cache.js';
import { assignAliases } from './alias-map.js';
import { estimateTokens } from './context-budget.js';
import type { ProviderAdapter } from './provider-adapter.js';
import { type ExposedTool, type StaleServer, ToolExposure, type WithheldTool } from './tool-exposure.js';

/** What to expose to a model. */
export interface ExposeOptions {
  /** Provider adapter id: `openai-strict`, `anthropic`, `gemini`, or one the host was given. */
  provider: string;
  /** The chat, for per-chat server enablement. */
  chatId?: string;
  /** Expose only these identities, or the tools this predicate accepts (after security filtering). */
  select?: readonly ToolKey[] | ((tool: DiscoveredTool) => boolean);
  /** Token budget for all definitions; tools past it are withheld (`budget`), in registry order. */
  maxTokens?: number;
  /**
   * Most tools in the request (default: the provider adapter's `maxTools`, e.g. 128 for
   * `openai-strict`). A host that knows its model's limit (higher or lower) sets it here.
   */
  maxTools?: number;
  /**
   * When more tools are eligible than `maxTools`: `defer` (default) exposes a fair share per server
   * (round-robin in registry order) and withholds the rest as `tool-limit`; `block` throws
   * `PROVIDER_TOOL_LIMIT` before any request is built, so the host can ask the user to choose.
   */
  onToolLimit?: 'defer' | 'block';
  /** Record the exposure in the audit trail (default true). */
  record?: boolean;
}

/** What {@link buildExposure} works with. */
export interface ExposureInputs {
  tools: readonly DiscoveredTool[];
  adapter: ProviderAdapter;
  permissions: PermissionPolicy;
  cache: AdaptationCache;
  /** Withhold tools whose text screening raised advisories. */
  withholdSuspicious: boolean;
  /** Servers whose snapshot may be out of date (passed through to the exposure). */
  staleServers?: readonly StaleServer[];
}

/**
 * Builds a {@link ToolExposure}: security filtering first (server enablement for the chat, `deny`
 * rules, optionally suspicious descriptions), then selection, aliases over the remaining set, the
 * provider adaptation (a tool that cannot be adapted is withheld with the reason; the others stay),
 * the provider's tool-count limit, then the token budget.
 * @throws {ToolshiftError} PROVIDER_TOOL_LIMIT when `onToolLimit` is `block` and too many tools are eligible.
 * @see ../shared/cases/discovery-cases.md LG-01, LG-02
 */
export function buildExposure(options: ExposeOptions, inputs: ExposureInputs): ToolExposure {
  const { adapter, permissions } = inputs;
  const withheld: WithheldTool[] = [];
  const withhold = (tool: DiscoveredTool, reason: WithheldTool['reason'], detail?: string) =>
    withheld.push({ serverId: tool.serverId, toolName: tool.name, reason, ...(detail ? { detail } : {}) });
  const selected = selector(options.select);
  const candidates: DiscoveredTool[] = [];
  for (const tool of inputs.tools) {
    const verdict = permissions.decide({ serverId: tool.serverId, toolName: tool.name }, options.chatId);
    if (verdict.source === 'server-disabled') withhold(tool, 'server-disabled');
    else if (verdict.decision === 'deny') withhold(tool, 'denied');
    else if (inputs.withholdSuspicious && tool.advisories.length > 0) {
      withhold(tool, 'suspicious-description', tool.advisories.join(', '));
    } else if (!selected(tool)) withhold(tool, 'not-selected');
    else candidates.push(tool);
  }
  const aliases = assignAliases(
    candidates.map((tool) => ({ serverId: tool.serverId, toolName: tool.name })),
    adapter.nameRule,
  );
  const aliasOf = new Map([...aliases].map(([alias, key]) => [toolKeyString(key), alias]));
  const adapted: Array<{
    tool: DiscoveredTool;
    alias: string;
    definition: JsonObject;
    notes: readonly string[];
    estimatedTokens: number;
  }> = [];
  for (const tool of candidates) {
    const alias = aliasOf.get(toolKeyString({ serverId: tool.serverId, toolName: tool.name }))!;
    const { outcome, estimatedTokens } = inputs.cache.getOrAdapt(adapter.id, alias, tool.contractHash, () => {
      const result = adapter.adapt(tool, alias);
      return { outcome: result, estimatedTokens: result.ok ? estimateTokens(result.definition) : 0 };
    });
    if (!outcome.ok) {
      withhold(
        tool,
        'adaptation-failed',
        `${outcome.reason} at ${outcome.pointer || '/'}: ${outcome.detail}`,
      );
      continue;
    }
    adapted.push({ tool, alias, definition: outcome.definition, notes: outcome.notes, estimatedTokens });
  }
  const maxTools = options.maxTools ?? adapter.maxTools;
  let within = adapted;
  if (maxTools !== undefined && adapted.length > maxTools) {
    if (options.onToolLimit === 'block') {
      throw new ToolshiftError(
        'PROVIDER_TOOL_LIMIT',
        `${adapted.length} tools are eligible for this ${adapter.id} request, which accepts at most ${maxTools}. Expose fewer (select, per-chat server enablement, deny rules) or let the host defer the rest (onToolLimit: 'defer').`,
        { provider: adapter.id, maxTools, eligible: adapted.length },
      );
    }
    const kept = fairShare(adapted, maxTools, (entry) => entry.tool.serverId);
    within = adapted.filter((entry) => {
      if (kept.has(entry)) return true;
      withhold(
        entry.tool,
        'tool-limit',
        `${adapter.id} takes at most ${maxTools} tools per request and ${adapted.length} were eligible; select the tools this request needs to bring it in`,
      );
      return false;
    });
  }
  const exposed: ExposedTool[] = [];
  const snapshots = new Map<string, DiscoveredTool>();
  const perServer: Record<string, number> = {};
  let total = 0;
  for (const { tool, alias, definition, notes, estimatedTokens } of within) {
    if (options.maxTokens !== undefined && total + estimatedTokens > options.maxTokens) {
      withhold(tool, 'budget', `${estimatedTokens} tokens would exceed ${options.maxTokens}`);
      continue;
    }
    total += estimatedTokens;
    perServer[tool.serverId] = (perServer[tool.serverId] ?? 0) + estimatedTokens;
    snapshots.set(alias, tool);
    exposed.push({
      alias,
      serverId: tool.serverId,
      toolName: tool.name,
      contractHash: tool.contractHash,
      definition,
      estimatedTokens,
      notes,
    });
  }
  return new ToolExposure({
    provider: adapter,
    tools: exposed,
    snapshots,
    withheld,
    budget: {
      estimatedTokens: total,
      perServer,
      ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
      ...(maxTools !== undefined ? { maxTools } : {}),
    },
    ...(inputs.staleServers ? { staleServers: inputs.staleServers } : {}),
    ...(options.chatId !== undefined ? { chatId: options.chatId } : {}),
  });
}

/**
 * Picks `limit` entries, one server at a time in turn (servers in order of first appearance, each
 * server's entries in order), so one large server cannot crowd the others out of a request.
 */
function fairShare<T>(entries: readonly T[], limit: number, serverOf: (entry: T) => string): Set<T> {
  const queues = new Map<string, T[]>();
  for (const entry of entries) {
    const server = serverOf(entry);
    const queue = queues.get(server);
    if (queue) queue.push(entry);
    else queues.set(server, [entry]);
  }
  const kept = new Set<T>();
  const cursors = [...queues.values()].map((queue) => ({ queue, next: 0 }));
  while (kept.size < limit) {
    for (const cursor of cursors) {
      if (kept.size === limit) break;
      if (cursor.next < cursor.queue.length) kept.add(cursor.queue[cursor.next++]!);
    }
  }
  return kept;
}

function selector(select: ExposeOptions['select']): (tool: DiscoveredTool) => boolean {
  if (select === undefined) return () => true;
  if (typeof select === 'function') return select;
  const wanted = new Set(select.map(toolKeyString));
  return (tool) => wanted.has(toolKeyString({ serverId: tool.serverId, toolName: tool.name }));
}
