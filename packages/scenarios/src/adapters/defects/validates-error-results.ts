import { Ajv2020 } from 'ajv/dist/2020.js';
import type { AdapterCallOutcome } from '../client-adapter.js';
import { referenceClient } from '../reference-adapter.js';
import { defect } from './defect-factory.js';
import { RawExecutionHost } from './raw-execution-client.js';

const ajv = new Ajv2020({ strict: false });

/**
 * Validates every result's structuredContent against the outputSchema it listed, error results
 * too: a tool's `isError` result whose structuredContent does not fit is reported as the client's
 * own validation failure, and the tool's error text never reaches the host.
 */
class ValidatesErrorResults extends RawExecutionHost {
  override async callTool(
    toolName: string,
    args: Record<string, unknown>,
    serverId?: string,
  ): Promise<AdapterCallOutcome> {
    const server = this.serverOf(serverId);
    const connecting = this.rawClient(server);
    if (!connecting) return { ok: false, error: 'not connected' };
    try {
      const result = await (await connecting).callTool({ name: toolName, arguments: args });
      const schema = this.exposed.find(
        (tool) => tool.serverId === server && tool.name === toolName,
      )?.outputSchema;
      if (
        schema !== undefined &&
        'structuredContent' in result &&
        !ajv.validate(schema as object, result.structuredContent)
      )
        return { ok: false, error: `structuredContent of ${toolName} does not match its outputSchema` };
      return result.isError ? { ok: false, error: JSON.stringify(result.content) } : { ok: true, result };
    } catch (error) {
      return { ok: false, error: (error as Error).message };
    }
  }
}

export const validatesErrorResults = defect(
  {
    name: 'validates-error-results',
    mistake:
      'Validates an isError result’s structuredContent against the outputSchema and reports the mismatch instead of the tool’s error.',
    realWorld: 'spec 2026-07-28 §3 (tool errors belong in the result, for the model to see); issue 10',
    caughtBy: ['scenario:tool-result-is-error-with-structured-content'],
  },
  () => new ValidatesErrorResults(),
  referenceClient,
);
