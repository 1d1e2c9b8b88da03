import type { ModelTool } from '@toolshift/assertions';
import type { ToolExposure } from '@toolshift/reference-client';
import type { ModelRequest } from './client-adapter.js';

/**
 * A reference host's exposure as the model request it sends: each exposed tool by its alias with
 * its description and parameters (from the provider's definition), what it withheld and why, the
 * token estimate, and the tool count a host's UI would show.
 * @param registryToolCount the verified tools of the host's registry (the UI shows them less those withheld).
 */
export function exposureModelRequest(exposure: ToolExposure, registryToolCount: number): ModelRequest {
  const tools = exposure.tools.map((tool): ModelTool => {
    const definition = tool.definition as Record<string, unknown>;
    const body = (definition.function as Record<string, unknown> | undefined) ?? definition;
    return {
      name: tool.alias,
      serverId: tool.serverId,
      toolName: tool.toolName,
      ...(typeof body.description === 'string' ? { description: body.description } : {}),
      parameters: body.parameters ?? body.input_schema,
    };
  });
  return {
    tools,
    withheld: exposure.withheld.map((tool) => ({
      serverId: tool.serverId,
      toolName: tool.toolName,
      reason: tool.reason,
      ...(tool.detail !== undefined ? { detail: tool.detail } : {}),
    })),
    estimatedTokens: exposure.budget.estimatedTokens,
    perServerTokens: exposure.budget.perServer,
    reportedToolCount: registryToolCount - exposure.withheld.length,
  };
}
