import type { CallToolResult } from '@modelcontextprotocol/client';
import type { ValidateFunction } from 'ajv';
import { ToolshiftError } from '../errors/toolshift-error.js';
import { argumentErrors } from '../schema-gate/validator-cache.js';

/**
 * Why a successful call's output breaks the tool's contract, or undefined when it keeps it (or the
 * tool declares no `outputSchema`): a result that is not an error must carry `structuredContent`
 * that fits the output schema.
 * @returns a `TOOL_OUTPUT_INVALID` error naming the tool and each schema error (at most 20).
 */
export function outputViolation(
  result: CallToolResult,
  output: ValidateFunction | undefined,
  tool: { serverId: string; toolName: string; contractHash: string },
): ToolshiftError | undefined {
  if (!output) return undefined;
  const { serverId, toolName, contractHash } = tool;
  const structured = result.structuredContent;
  if (structured !== undefined && output(structured)) return undefined;
  const errors =
    structured === undefined
      ? [
          {
            instancePath: '',
            keyword: 'required',
            message: 'structuredContent is missing, but the tool declares an outputSchema',
          },
        ]
      : argumentErrors(output.errors);
  return new ToolshiftError(
    'TOOL_OUTPUT_INVALID',
    structured === undefined
      ? `${serverId}/${toolName} returned no structuredContent although its outputSchema requires it (a result that is not an error must carry it).`
      : `${serverId}/${toolName} returned structured content that does not fit its output schema: ${errors
          .map((e) => `${e.instancePath || '/'} ${e.message}`)
          .join('; ')}.`,
    { serverId, toolName, contractHash, errors },
  );
}
