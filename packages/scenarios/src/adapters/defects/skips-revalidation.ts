import type { AdapterCallOutcome } from '../client-adapter.js';
import { referenceClient } from '../reference-adapter.js';
import { defect } from './defect-factory.js';
import { RawExecutionHost } from './raw-execution-client.js';

/** Checks that the tool is listed, then sends the model's arguments as they are. */
class SkipsRevalidation extends RawExecutionHost {
  override callTool(
    toolName: string,
    args: Record<string, unknown>,
    serverId?: string,
  ): Promise<AdapterCallOutcome> {
    const server = this.serverOf(serverId);
    if (!this.isExposed(toolName, server))
      return Promise.resolve({ ok: false, error: `unknown tool ${toolName}` });
    return this.rawCall(toolName, args, server);
  }
}

export const skipsRevalidation = defect(
  {
    name: 'skips-revalidation',
    mistake: 'Runs a proposal without re-validating its arguments against the contract current at execution.',
    realWorld: 'case SC-06 (codex kept sending a renamed parameter); DESIGN (re-validate before execution)',
    caughtBy: ['scenario:sc-06-host-call-with-stale-argument', 'property:revalidation-before-execution'],
  },
  () => new SkipsRevalidation(),
  referenceClient,
);
