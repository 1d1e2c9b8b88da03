import { describe, expect, it } from 'vitest';
import { PermissionPolicy } from '../permissions/permission-policy.js';
import type { DiscoveredTool } from '../snapshot/discovered-tool.js';
import { AdaptationCache } from './adaptation-cache.js';
import { buildExposure } from './build-exposure.js';
import { estimateTokens } from './context-budget.js';
import { openAiStrictAdapter } from './openai-strict-adapter.js';

const tool = (serverId: string, name: string, extra: Partial<DiscoveredTool> = {}): DiscoveredTool => ({
  serverId,
  name,
  description: `${name} on ${serverId}`,
  inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
  discoveredAtMs: 0,
  contractHash: `${serverId}-${name}`,
  advisories: [],
  ...extra,
});
const inputs = (
  tools: DiscoveredTool[],
  permissions = new PermissionPolicy({ defaultDecision: 'allow' }),
) => ({
  tools,
  adapter: openAiStrictAdapter,
  permissions,
  cache: new AdaptationCache(),
  withholdSuspicious: false,
});

describe('buildExposure', () => {
  it('filters by permissions before serializing, then selects, adapts and budgets', () => {
    const permissions = new PermissionPolicy({ defaultDecision: 'allow' });
    permissions.setServerEnabled('chat', 'personal', false);
    permissions.setToolPolicy({ serverId: 'work', toolName: 'delete_repo' }, 'deny');
    const tools = [
      tool('work', 'search'),
      tool('work', 'delete_repo'),
      tool('work', 'open', { inputSchema: { type: 'object', additionalProperties: true } }),
      tool('personal', 'search'),
      tool('work', 'unselected'),
    ];
    const exposure = buildExposure(
      { provider: 'openai-strict', chatId: 'chat', select: (t) => t.name !== 'unselected' },
      inputs(tools, permissions),
    );
    expect(exposure.tools.map((t) => t.alias)).toEqual(['work__search']);
    expect(
      exposure.withheld.map(({ serverId, toolName, reason }) => `${serverId}/${toolName}:${reason}`),
    ).toEqual([
      'work/delete_repo:denied',
      'personal/search:server-disabled',
      'work/unselected:not-selected',
      'work/open:adaptation-failed',
    ]);
    expect(JSON.stringify(exposure.definitions)).not.toContain('delete_repo');
    expect(JSON.stringify(exposure.definitions)).not.toContain('personal');
  });

  it('estimates tokens per server and withholds tools past the budget', () => {
    const tools = [tool('a', 'one'), tool('a', 'two'), tool('b', 'three')];
    const full = buildExposure({ provider: 'openai-strict' }, inputs(tools));
    const each = full.tools.map((t) => t.estimatedTokens);
    expect(each.every((n, i) => n === estimateTokens(full.definitions[i]!))).toBe(true);
    expect(full.budget.perServer).toEqual({ a: each[0]! + each[1]!, b: each[2]! });
    expect(full.budget.estimatedTokens).toBe(each[0]! + each[1]! + each[2]!);
    const tight = buildExposure({ provider: 'openai-strict', maxTokens: each[0]! + each[1]! }, inputs(tools));
    expect(tight.tools.map((t) => t.toolName)).toEqual(['one', 'two']);
    expect(tight.withheld).toEqual([expect.objectContaining({ toolName: 'three', reason: 'budget' })]);
  });

  it('keeps under the tool-count limit with a fair share per server; a small server is never crowded out', () => {
    const tools = [
      ...Array.from({ length: 10 }, (_, i) => tool('big', `b${i}`)),
      tool('small', 's0'),
      tool('small', 's1'),
      tool('mid', 'm0'),
      tool('mid', 'm1'),
      tool('mid', 'm2'),
    ];
    const exposure = buildExposure({ provider: 'openai-strict', maxTools: 7 }, inputs(tools));
    // One tool per server in turn (big, small, mid), in registry order: 3 + 2 + 2.
    expect(exposure.tools.map((t) => t.toolName)).toEqual(['b0', 'b1', 'b2', 's0', 's1', 'm0', 'm1']);
    expect(exposure.definitions).toHaveLength(7);
    expect(exposure.budget.maxTools).toBe(7);
    expect(exposure.withheld.map((w) => `${w.toolName}:${w.reason}`)).toEqual([
      ...Array.from({ length: 7 }, (_, i) => `b${i + 3}:tool-limit`),
      'm2:tool-limit',
    ]);
    expect(buildExposure({ provider: 'openai-strict', maxTools: 0 }, inputs(tools)).tools).toEqual([]);
    expect(() =>
      buildExposure({ provider: 'openai-strict', maxTools: 7, onToolLimit: 'block' }, inputs(tools)),
    ).toThrow(
      expect.objectContaining({
        code: 'PROVIDER_TOOL_LIMIT',
        data: { provider: 'openai-strict', maxTools: 7, eligible: 15 },
      }),
    );
  });

  it('selects by identity and resolves aliases back to identities and revisions', () => {
    const exposure = buildExposure(
      { provider: 'openai-strict', select: [{ serverId: 'b', toolName: 'search' }], chatId: 'c' },
      inputs([tool('a', 'search'), tool('b', 'search')]),
    );
    expect(exposure.resolve('b__search')).toMatchObject({
      serverId: 'b',
      toolName: 'search',
      contractHash: 'b-search',
    });
    expect(exposure.proposal('b__search', { q: 'x' })).toEqual({
      serverId: 'b',
      toolName: 'search',
      discoveryRevision: 'b-search',
      arguments: { q: 'x' },
      alias: 'b__search',
      chatId: 'c',
    });
    expect(() => exposure.resolve('a__search')).toThrow(
      expect.objectContaining({ code: 'PROVIDER_ALIAS_UNKNOWN' }),
    );
  });

  it('withholds tools with text advisories when asked to', () => {
    const flagged = tool('a', 'evil', { advisories: ['instruction-like-text'] });
    const exposure = buildExposure(
      { provider: 'openai-strict' },
      { ...inputs([flagged, tool('a', 'fine')]), withholdSuspicious: true },
    );
    expect(exposure.tools.map((t) => t.toolName)).toEqual(['fine']);
    expect(exposure.withheld[0]).toMatchObject({ toolName: 'evil', reason: 'suspicious-description' });
  });
});
