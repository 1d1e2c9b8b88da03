import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { FrameContext, Recorder } from '../../transcript/recorder.js';
import type { LegacySession } from '../../world/legacy-session.js';

/**
 * Legacy change signalling: `notifications/tools/list_changed`, unsolicited, on the session's
 * standalone GET stream. A session without an open stream has no channel (§4.1), so the signal is
 * lost; the loss is recorded as a `note` frame for evidence.
 * @see ../shared/spec/mcp-discovery-spec.md §4.1
 */
export function announceToLegacySessions(
  sessions: Iterable<LegacySession>,
  recorder: Recorder,
  transport: FrameContext['transport'],
): void {
  const notification: JSONRPCMessage = { jsonrpc: '2.0', method: 'notifications/tools/list_changed' };
  for (const session of sessions) {
    if (!session.initialized) continue;
    if (session.getStream?.open) {
      session.getStream.send(notification);
    } else {
      recorder.note(
        `notifications/tools/list_changed for session ${session.id} had no open GET stream and was not delivered`,
        {
          era: 'legacy',
          transport,
          sessionId: session.id,
          principal: session.principal,
        },
      );
    }
  }
}
