import type { AdapterCallOutcome } from '../client-adapter.js';
import { referenceClient } from '../reference-adapter.js';
import { defect } from './defect-factory.js';
import { RawExecutionHost } from './raw-execution-client.js';

/** Runs listed tools through the full execution path, but forwards any other name to the server. */
class ForwardsUnlistedCalls extends RawExecutionHost {
  override callTool(
    toolName: string,
    args: Record<string, unknown>,
    serverId?: string,
  ): Promise<AdapterCallOutcome> {
    const server = this.serverOf(serverId);
    return this.isExposed(toolName, server)
      ? super.callTool(toolName, args, serverId)
      : this.rawCall(toolName, args, server);
  }
}

export const forwardsUnlistedCalls = defect(
  {
    name: 'forwards-unlisted-calls',
    mistake:
      'Forwards a call for a tool it never listed (or that was removed) to the server instead of refusing it.',
    realWorld: 'case RM-03 (Roo-Code forwarded a non-existent tool); case RM-01 E2',
    caughtBy: ['scenario:rm-03-host-call-for-unlisted-tool', 'property:revalidation-before-execution'],
  },
  () => new ForwardsUnlistedCalls(),
  referenceClient,
);
