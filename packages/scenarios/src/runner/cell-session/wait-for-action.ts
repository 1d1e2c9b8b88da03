import type { ClientAction } from '../../client-action.js';
import { serverOf } from '../../scenario.js';
import { matchesFrame } from '../frame-match.js';
import { waitForFrame } from '../wait-for-frame.js';
import type { SessionScope } from './session-scope.js';

/**
 * The `wait-for` action: waits for a frame matching the action's pattern on its server, after the
 * last frame an earlier `wait-for` on that server matched (`cursor`, by server id, moved on a
 * match). A frame that never comes is staging the run did not reach (`runner.awaited-frame`
 * inconclusive), never a verdict: the client may rightly not send it.
 */
export async function performWaitFor(
  scope: SessionScope,
  cursor: Map<string, number>,
  action: Extract<ClientAction, { do: 'wait-for' }>,
): Promise<undefined> {
  const server = scope.servers.get(serverOf(scope.scenario, action));
  const afterSeq = cursor.get(server.id) ?? 0;
  const timeoutMs = action.timeoutMs ?? scope.timeouts.waitTimeoutMs;
  const frame = await waitForFrame(server.fake, (candidate) => matchesFrame(candidate, action.frame), {
    afterSeq,
    timeoutMs,
  });
  if (frame) cursor.set(server.id, frame.seq);
  else {
    // Staging, not a verdict: the scenario waited for the client to do something it may
    // rightly not do (e.g. list at connect, hold a subscription); the checks judge what happened.
    scope.verdicts.inconclusive(
      'runner.awaited-frame',
      `No frame matching ${JSON.stringify(action.frame)} reached ${server.id} within ${timeoutMs} ms; the run went on without it.`,
      [{ seq: server.fake.transcript.lastSeq, note: 'last frame while waiting' }],
      server.id,
    );
  }
  return undefined;
}
