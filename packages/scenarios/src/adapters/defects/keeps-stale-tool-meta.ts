import type { ExposedTool } from '@toolshift/assertions';
import type { ClientObserver, ConnectTarget } from '../client-adapter.js';
import { ReferenceClientAdapter, referenceClient } from '../reference-adapter.js';
import { defect } from './defect-factory.js';

/**
 * A host that caches each tool's display data the first time it sees the tool: it re-lists on
 * every change like the reference client, but shows a tool with the `_meta` it first had (an app's
 * UI resource, a vendor hint), so a changed `_meta` never reaches the user.
 */
class KeepsStaleToolMeta extends ReferenceClientAdapter {
  private readonly firstMeta = new Map<string, Record<string, unknown> | undefined>();

  override connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    return super.connect(target, {
      ...observer,
      exposure: (tools) => observer.exposure(tools.map((tool) => this.cached(tool))),
    });
  }

  private cached(tool: ExposedTool): ExposedTool {
    const key = `${tool.serverId}\u0000${tool.name}`;
    if (!this.firstMeta.has(key)) this.firstMeta.set(key, tool._meta);
    const meta = this.firstMeta.get(key);
    const { _meta: _current, ...rest } = tool;
    return meta === undefined ? rest : { ...rest, _meta: meta };
  }
}

export const keepsStaleToolMeta = defect(
  {
    name: 'keeps-stale-tool-meta',
    mistake: 'Re-lists on every change but shows each tool with the _meta it had when first seen.',
    realWorld: 'issue 26 (hosts caching display data by tool name; MCP Apps UI resources in _meta)',
    caughtBy: ['scenario:tool-meta-changed'],
  },
  () => new KeepsStaleToolMeta(),
  referenceClient,
);
