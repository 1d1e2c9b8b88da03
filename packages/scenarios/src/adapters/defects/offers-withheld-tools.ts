import type { ModelTool } from '@toolshift/assertions';
import type { ModelRequest } from '../client-adapter.js';
import { ReferenceClientAdapter, referenceClient } from '../reference-adapter.js';
import { defect } from './defect-factory.js';

/**
 * Its UI counts the tools it kept in the model request, but the request builder sends every tool
 * the registry holds: the ones it withheld (over the model's limit, unadaptable) go out too.
 */
class OffersWithheldTools extends ReferenceClientAdapter {
  override async modelRequest(options: { provider?: string }): Promise<ModelRequest> {
    const request = await super.modelRequest(options);
    const names = new Set(request.tools.map((tool) => tool.name));
    const sent: ModelTool[] = request.withheld.map((tool) => {
      let name = tool.toolName.replace(/[^a-zA-Z0-9_-]/g, '_');
      if (names.has(name)) name = `${tool.serverId}__${name}`.replace(/[^a-zA-Z0-9_-]/g, '_');
      names.add(name);
      return {
        name,
        serverId: tool.serverId,
        toolName: tool.toolName,
        parameters: { type: 'object', properties: {} },
      };
    });
    return { ...request, tools: [...request.tools, ...sent] };
  }
}

export const offersWithheldTools = defect(
  {
    name: 'offers-withheld-tools',
    mistake:
      'Shows its user the tools it kept in the model request, but sends the model every tool it holds, the withheld ones too.',
    realWorld:
      "issue 12 ('a host sends 130 tools to a provider that allows 128 while its UI says 125'); case LG-02 E1",
    caughtBy: ['scenario:lg-02-more-than-128-tools'],
  },
  () => new OffersWithheldTools(),
  referenceClient,
);
