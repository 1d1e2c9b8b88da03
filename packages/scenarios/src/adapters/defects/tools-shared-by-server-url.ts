import type { ModelTool } from '@toolshift/assertions';
import type { ClientObserver, ConnectTarget, ModelRequest } from '../client-adapter.js';
import { ReferenceClientAdapter, referenceClient } from '../reference-adapter.js';
import { defect } from './defect-factory.js';

/**
 * Builds the model's tool set per server URL, not per connection: every connection to a URL is
 * offered the tools of every other connection to that URL, whatever account each was listed with.
 */
class ToolsSharedByServerUrl extends ReferenceClientAdapter {
  private readonly urls = new Map<string, string>();

  override async connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    this.urls.set(target.serverId, target.url);
    await super.connect(target, observer);
  }

  override async modelRequest(options: { provider?: string }): Promise<ModelRequest> {
    const request = await super.modelRequest(options);
    const shared: ModelTool[] = [];
    for (const [serverId, url] of this.urls) {
      const own = new Set(request.tools.filter((t) => t.serverId === serverId).map((t) => t.toolName));
      for (const tool of request.tools) {
        if (tool.serverId === serverId || this.urls.get(tool.serverId) !== url || own.has(tool.toolName))
          continue;
        own.add(tool.toolName);
        shared.push({
          ...tool,
          name: `${serverId}__${tool.toolName}`.replace(/[^a-zA-Z0-9_-]/g, '_'),
          serverId,
        });
      }
    }
    return { ...request, tools: [...request.tools, ...shared] };
  }
}

export const toolsSharedByServerUrl = defect(
  {
    name: 'tools-shared-by-server-url',
    mistake:
      'Builds the model’s tool set per server URL: two accounts on one server each get the other’s tools in their model requests.',
    realWorld:
      'spec 2026-07-28 caching (digest §7: a different token means a different catalog); case LC-11 E2; issue 12 (no tool from another principal reaches the model)',
    caughtBy: ['scenario:lc-11-model-offered-own-principal-tools'],
  },
  () => new ToolsSharedByServerUrl(),
  referenceClient,
);
