import type { ModelCallResult, ModelRequest } from '../client-adapter.js';
import { ReferenceClientAdapter, referenceClient } from '../reference-adapter.js';
import { defect } from './defect-factory.js';

/**
 * Names every tool for the model `<server>.<tool>` (the separator many hosts show their users),
 * without checking the name against the provider's rule: OpenAI refuses the whole request.
 */
class DottedServerPrefix extends ReferenceClientAdapter {
  /** dotted name → the reference client's own alias for it. */
  private readonly aliases = new Map<string, string>();

  override async modelRequest(options: { provider?: string }): Promise<ModelRequest> {
    const request = await super.modelRequest(options);
    return {
      ...request,
      tools: request.tools.map((tool) => {
        const dotted = `${tool.serverId}.${tool.toolName}`;
        this.aliases.set(dotted, tool.name);
        return { ...tool, name: dotted };
      }),
    };
  }

  override modelCall(
    name: string,
    args: Record<string, unknown>,
    options: { provider?: string },
  ): Promise<ModelCallResult> {
    return super.modelCall(this.aliases.get(name) ?? name, args, options);
  }
}

export const dottedServerPrefix = defect(
  {
    name: 'dotted-server-prefix',
    mistake:
      "Names each tool '<server>.<tool>' for the model without checking the provider's name rule, so OpenAI refuses every request.",
    realWorld:
      'issue 12 ("one server\'s dotted tool names make every prompt fail at the provider"); case NM-01 E1 (names must match ^[a-zA-Z0-9_-]{1,64}$)',
    caughtBy: ['scenario:nm-02-composed-name-too-long'],
  },
  () => new DottedServerPrefix(),
  referenceClient,
);
