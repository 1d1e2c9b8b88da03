import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { FrameContext } from '../../transcript/recorder.js';
import type { LegacySession } from '../../world/legacy-session.js';
import type { Principal } from '../../world/principal.js';
import type { World } from '../../world/world.js';
import { sendOnStream } from './legacy-streams.js';

/**
 * Legacy change signalling: `notifications/tools/list_changed` (or another `notification`, for
 * `emitNotification`), unsolicited, on exactly one stream
 * per session, chosen by `notifications.legacyRoute`: the standalone GET stream, an open POST
 * response stream (the most recent), or GET when open else a POST stream. With no such stream the
 * signal is lost (recorded as a `note` frame for evidence), unless event ids are on and the
 * session's GET stream has a history: then it is kept for `Last-Event-ID` replay.
 * @see ../shared/spec/mcp-discovery-spec.md §4.1, §5.2, §11.14
 */
export function announceToLegacySessions(
  world: World,
  sessions: Iterable<LegacySession>,
  transport: FrameContext['transport'],
  audience: ((principal: Principal) => boolean) | undefined,
  notification: JSONRPCMessage & { method: string } = {
    jsonrpc: '2.0',
    method: 'notifications/tools/list_changed',
  },
): void {
  const { legacyRoute, uninitializedSessions } = world.settings.notifications;
  for (const session of sessions) {
    if (!session.initialized && uninitializedSessions === 'skip') continue;
    if (audience && !audience(session.principal)) continue;
    const post = session.postStreams.findLast((candidate) => candidate.stream.open);
    const useGet = legacyRoute !== 'post' && session.getStream?.open === true;
    if (useGet && session.getStream) {
      sendOnStream(session.getStream, session.getHistory, notification);
    } else if (legacyRoute !== 'get' && post) {
      sendOnStream(post.stream, post.history, notification);
    } else {
      const context = {
        era: 'legacy' as const,
        transport,
        sessionId: session.id,
        principal: session.principal.id,
      };
      if (legacyRoute !== 'post' && session.getHistory) {
        const eventId = session.getHistory.append(notification);
        world.recorder.note(
          `${notification.method} for session ${session.id}: the GET stream is disconnected; kept as event ${eventId} for Last-Event-ID replay`,
          context,
        );
      } else {
        world.recorder.note(
          `${notification.method} for session ${session.id} had no open ${legacyRoute === 'post' ? 'POST' : 'GET'} stream and was not delivered`,
          context,
        );
      }
    }
  }
}
