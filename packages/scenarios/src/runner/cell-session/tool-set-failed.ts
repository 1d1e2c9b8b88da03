import { type FrameRef, fail, inconclusive } from '@toolshift/assertions';
import type { SessionScope } from './session-scope.js';

/**
 * The client connected (it says so, or the wire shows an answered handshake) but its connect
 * failed afterwards, while it listed and built its tool set: a tool set that failed to build is a
 * failure (issue 26) — `runner.tool-set-built` fails with the client's error, and a
 * `tool-set-error` observation makes the registry checks fail with it too — unless the scenario's
 * `connect` allows failure (`allowFailure`: the scenario expects the client may refuse, e.g. a
 * listing it must not accept) or the runner's own bound cut the connect short (wall-clock time is
 * no verdict), when the runner's verdict is inconclusive and the scenario's checks judge what it
 * exposes. Either way the host shows its user a warning and the run goes on.
 * @param declared the client itself says its connection worked (else `handshake` shows it).
 */
export function recordToolSetFailed(
  scope: SessionScope,
  serverId: string,
  message: string,
  declared: boolean,
  handshake: FrameRef[],
  lenient: boolean,
): void {
  const how = declared
    ? 'the client says its connection worked'
    : `its handshake was answered: ${handshake.map((ref) => `#${ref.seq} ${ref.note}`).join(', ')}`;
  scope.log.add({ kind: 'warning', serverId, message: `could not build its tool set: ${message}` });
  if (!lenient) scope.log.add({ kind: 'tool-set-error', serverId, error: message });
  scope.log.add({
    kind: 'note',
    text: `connect to ${serverId}: the connection worked (${how}), but building the tool set failed: ${message}`,
  });
  const verdict = lenient
    ? inconclusive(
        'runner.tool-set-built',
        `The client connected to ${serverId} (${how}) but failed to build its tool set: ${message}. Counted as a failure it reports to its user (the scenario allows the connect to fail, or the runner's bound cut it short); the checks judge what it exposes.`,
        handshake,
      )
    : fail(
        'runner.tool-set-built',
        `The client connected to ${serverId} (${how}) but failed to build its tool set: ${message}.`,
        handshake,
        'the server answered; the client could not turn the answer into a tool set',
      );
  scope.verdicts.push({ ...verdict, checkId: 'runner.tool-set-built', serverId });
}
