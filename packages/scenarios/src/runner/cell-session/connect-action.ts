import type { ClientObserver } from '../../adapters/client-adapter.js';
import { phaseOf } from '../../adapters/client-phase-error.js';
import type { ClientAction } from '../../client-action.js';
import { BoundExceededError, bounded } from '../bounded.js';
import { handshakeEvidence } from '../handshake-evidence.js';
import { releaseIfBlocked } from '../release-if-blocked.js';
import { connectTarget } from './connect-target.js';
import type { SessionEnd } from './session-end.js';
import type { SessionScope } from './session-scope.js';
import { recordToolSetFailed } from './tool-set-failed.js';

/**
 * The `connect` action: connects to every server of the cell (or the action's one server), in
 * order, each within the action bound, reporting to `observer`. A connect that fails before any
 * handshake was answered stops the run (`runner.client-connected` fails) unless the action allows
 * failure (then a warning); one that fails after (the client says so, or the wire shows an answered
 * handshake) is a tool set that failed to build (see `recordToolSetFailed`) and the run goes on.
 * @returns how the run must stop, if it must.
 */
export async function performConnect(
  scope: SessionScope,
  action: Extract<ClientAction, { do: 'connect' }>,
  observer: ClientObserver,
): Promise<SessionEnd | undefined> {
  const { servers, adapter, log, verdicts } = scope;
  const targets = action.server ? [servers.get(action.server)] : servers.list;
  const cellServers = servers.list.map((server) => connectTarget(scope, server, action.reuseCache === true));
  for (const server of targets) {
    const before = server.fake.transcript.lastSeq;
    try {
      const connecting = adapter.connect(
        { ...cellServers[servers.list.indexOf(server)]!, cellServers },
        observer,
      );
      await bounded(
        action.releaseIfBlocked
          ? releasingIfBlocked(scope, connecting, server.id, action.releaseIfBlocked)
          : connecting,
        scope.timeouts.actionTimeoutMs,
        `connect to ${server.id}`,
      );
    } catch (error) {
      const message = (error as Error).message;
      const declared = phaseOf(error);
      const handshake = handshakeEvidence(server.fake.transcript.frames, before);
      if ((declared ?? (handshake ? 'tool-set' : 'connect')) !== 'connect') {
        // A connect the runner's bound cut short is wall-clock staging, never a verdict on the client.
        const lenient = action.allowFailure === true || error instanceof BoundExceededError;
        recordToolSetFailed(scope, server.id, message, declared !== undefined, handshake ?? [], lenient);
        continue;
      }
      if (action.allowFailure) {
        log.add({ kind: 'warning', serverId: server.id, message: `connect failed: ${message}` });
        continue;
      }
      log.add({ kind: 'note', text: `connect to ${server.id} failed: ${message}` });
      verdicts.fail(
        'runner.client-connected',
        `The client failed to connect to ${server.id}: ${message}${declared ? '' : ' (no handshake was answered)'}`,
        [{ seq: server.fake.transcript.lastSeq, note: 'last frame before the failure' }],
        server.id,
      );
      return { kind: 'stopped', reason: `connect to ${server.id} failed` };
    }
  }
  return undefined;
}

/** `connecting` under the action's `releaseIfBlocked` rule, noting in the log when it fires. */
function releasingIfBlocked(
  scope: SessionScope,
  connecting: Promise<void>,
  connectingTo: string,
  rule: { server: string; ms: number; quietMs: number },
): Promise<void> {
  const held = scope.servers.get(rule.server);
  return releaseIfBlocked(
    connecting,
    scope.servers.fakes(),
    { server: held.fake, ms: rule.ms, quietMs: rule.quietMs },
    () =>
      scope.log.add({
        kind: 'note',
        text: `connect to ${connectingTo} still waiting after ${rule.quietMs} ms of quiet wire while ${held.id} holds a response on its logical clock: the client waits on it before it finishes connecting, so ${held.id}'s clock is advanced ${rule.ms} ms now`,
      }),
  );
}
