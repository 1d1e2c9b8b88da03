import { describe, expect, it } from 'vitest';
import { SchemaGate } from '../schema-gate/schema-gate.js';
import { ValidatorCache } from '../schema-gate/validator-cache.js';
import { buildCatalogSnapshot } from '../snapshot/build-catalog-snapshot.js';
import type { DiscoveredTool } from '../snapshot/discovered-tool.js';
import { ToolRegistry } from './tool-registry.js';

const gate = new SchemaGate(new ValidatorCache());
const snapshot = (serverId: string, ...names: string[]) =>
  buildCatalogSnapshot(
    {
      entries: names.map((name) => ({ name, inputSchema: { type: 'object' } })),
      pageCount: 1,
      ttlMs: 0,
      cacheScope: 'public',
      warnings: [],
    },
    { serverId, era: 'modern', protocolRevision: '2026-07-28', gate, nowMs: 0, ttlMs: 1000 },
  );

describe('ToolRegistry', () => {
  it('keys tools by (serverId, toolName) and orders servers as added', () => {
    const registry = new ToolRegistry();
    registry.addServer('b');
    registry.addServer('a');
    registry.swap('a', snapshot('a', 'search'));
    registry.swap('b', snapshot('b', 'search', 'send'));
    expect(registry.tools().map((t) => `${t.serverId}/${t.name}`)).toEqual([
      'b/search',
      'b/send',
      'a/search',
    ]);
    expect(registry.get({ serverId: 'a', toolName: 'send' })).toBeUndefined();
    expect(registry.get({ serverId: 'b', toolName: 'send' })?.serverId).toBe('b');
  });

  it('replaces a server listing in one swap and notifies once per visible change', () => {
    const registry = new ToolRegistry();
    registry.addServer('s');
    const views: Array<readonly DiscoveredTool[]> = [];
    registry.onChange((tools) => views.push(tools));
    const before = registry.tools();
    registry.swap('s', snapshot('s', 'a', 'b'));
    expect(before).toEqual([]);
    expect(Object.isFrozen(registry.tools())).toBe(true);
    expect(registry.swap('s', snapshot('s', 'a', 'b'))).toBe(false);
    registry.swap('s', snapshot('s', 'b', 'c'));
    registry.swap('s', undefined);
    expect(views.map((v) => v.map((t) => t.name))).toEqual([['a', 'b'], ['b', 'c'], []]);
  });

  it('a changed _meta alone (the same contract) is a visible change; a non-object _meta is ignored, the tool kept', () => {
    const withMeta = (meta: unknown) =>
      buildCatalogSnapshot(
        {
          entries: [{ name: 'chart', inputSchema: { type: 'object' }, _meta: meta }],
          pageCount: 1,
          ttlMs: 0,
          cacheScope: 'public',
          warnings: [],
        },
        { serverId: 's', era: 'modern', protocolRevision: '2026-07-28', gate, nowMs: 0, ttlMs: 1000 },
      );
    const registry = new ToolRegistry();
    registry.addServer('s');
    const v1 = withMeta({ ui: 'v1' });
    const v2 = withMeta({ ui: 'v2' });
    expect(v1.catalogHash).toBe(v2.catalogHash);
    registry.swap('s', v1);
    expect(registry.swap('s', withMeta({ ui: 'v1' }))).toBe(false);
    expect(registry.swap('s', v2)).toBe(true);
    expect(registry.tools()[0]?._meta).toEqual({ ui: 'v2' });
    const hostile = withMeta('not an object');
    expect(hostile.tools.map((tool) => [tool.name, tool._meta])).toEqual([['chart', undefined]]);
  });

  it('keeps swapping when a listener throws', () => {
    const registry = new ToolRegistry();
    registry.addServer('s');
    registry.onChange(() => {
      throw new Error('listener bug');
    });
    expect(() => registry.swap('s', snapshot('s', 'a'))).not.toThrow();
    expect(registry.tools()).toHaveLength(1);
  });

  it('forgets a removed server', () => {
    const registry = new ToolRegistry();
    registry.addServer('s');
    registry.swap('s', snapshot('s', 'a'));
    registry.removeServer('s');
    expect(registry.tools()).toEqual([]);
    expect(registry.snapshot('s')).toBeUndefined();
  });
});
