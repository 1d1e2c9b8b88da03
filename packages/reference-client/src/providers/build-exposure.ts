import type { PermissionPolicy } from '../permissions/permission-policy.js';
import { type ToolKey, toolKeyString } from '../registry/tool-key.js';
import type { DiscoveredTool } from '../snapshot/discovered-tool.js';
import type { AdaptationCache } from './adaptation-cache.js';
import { assignAliases } from './alias-map.js';
import { estimateTokens } from './context-budget.js';
import type { ProviderAdapter } from './provider-adapter.js';
import { type ExposedTool, ToolExposure, type WithheldTool } from './tool-exposure.js';

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
}

/**
 * Builds a {@link ToolExposure}: security filtering first (server enablement for the chat, `deny`
 * rules, optionally suspicious descriptions), then selection, aliases over the remaining set, the
 * provider adaptation (a tool that cannot be adapted is withheld with the reason; the others stay),
 * then the token budget.
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
  const exposed: ExposedTool[] = [];
  const snapshots = new Map<string, DiscoveredTool>();
  const perServer: Record<string, number> = {};
  let total = 0;
  for (const tool of candidates) {
    const alias = aliasOf.get(toolKeyString({ serverId: tool.serverId, toolName: tool.name }))!;
    const { outcome, estimatedTokens } = inputs.cache.getOrAdapt(adapter.id, alias, tool.contractHash, () => {
      const adapted = adapter.adapt(tool, alias);
      return { outcome: adapted, estimatedTokens: adapted.ok ? estimateTokens(adapted.definition) : 0 };
    });
    if (!outcome.ok) {
      withhold(
        tool,
        'adaptation-failed',
        `${outcome.reason} at ${outcome.pointer || '/'}: ${outcome.detail}`,
      );
      continue;
    }
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
      definition: outcome.definition,
      estimatedTokens,
      notes: outcome.notes,
    });
  }
  return new ToolExposure(
    adapter,
    exposed,
    snapshots,
    withheld,
    {
      estimatedTokens: total,
      perServer,
      ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
    },
    options.chatId,
  );
}

function selector(select: ExposeOptions['select']): (tool: DiscoveredTool) => boolean {
  if (select === undefined) return () => true;
  if (typeof select === 'function') return select;
  const wanted = new Set(select.map(toolKeyString));
  return (tool) => wanted.has(toolKeyString({ serverId: tool.serverId, toolName: tool.name }));
}
