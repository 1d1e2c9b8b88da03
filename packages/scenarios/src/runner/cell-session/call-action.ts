import type { ClientAdapter } from '../../adapters/client-adapter.js';
import type { ClientAction } from '../../client-action.js';
import { serverOf } from '../../scenario.js';
import { BoundExceededError, bounded } from '../bounded.js';
import type { SessionScope } from './session-scope.js';

/**
 * The `call` action: the host calls a tool on its server within the action bound; the outcome (or
 * the hang or throw, as a failed outcome) is a `call` observation. A call that hangs or throws also
 * fails `runner.call-completed` (an adapter's `callTool` returns a failed outcome rather than
 * throwing).
 */
export async function performCall(
  scope: SessionScope,
  action: Extract<ClientAction, { do: 'call' }>,
): Promise<undefined> {
  const serverId = serverOf(scope.scenario, action);
  const args = action.arguments ?? {};
  const startedAt = scope.log.positions();
  let outcome: Awaited<ReturnType<ClientAdapter['callTool']>>;
  try {
    outcome = await bounded(
      scope.adapter.callTool(action.tool, args, serverId),
      scope.timeouts.actionTimeoutMs,
      `call ${action.tool}`,
    );
  } catch (error) {
    const message = (error as Error).message;
    const hung = error instanceof BoundExceededError;
    outcome = { ok: false, error: `the client ${hung ? 'hung' : 'threw'}: ${message}` };
    scope.verdicts.fail(
      'runner.call-completed',
      hung
        ? `The call of ${action.tool} on ${serverId} did not complete: ${message}.`
        : `The call of ${action.tool} on ${serverId} did not complete: ${message} (an adapter's callTool returns a failed outcome rather than throwing).`,
      [
        {
          seq: scope.servers.get(serverId).fake.transcript.lastSeq,
          note: 'last frame when the call ended',
        },
      ],
      serverId,
    );
  }
  scope.log.add({ kind: 'call', serverId, toolName: action.tool, arguments: args, outcome }, startedAt);
  return undefined;
}
