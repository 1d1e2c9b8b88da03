import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { FrameContext, ServerStream } from '../../transcript/recorder.js';
import type { LegacySession, PostStream } from '../../world/legacy-session.js';
import { StreamHistory } from '../../world/stream-history.js';
import type { World } from '../../world/world.js';

/**
 * Sends one message on a legacy stream; with a history (event ids on) the event gets the next id
 * of that logical stream and is kept for `Last-Event-ID` replay.
 */
export function sendOnStream(
  stream: ServerStream,
  history: StreamHistory | undefined,
  message: JSONRPCMessage,
): void {
  const eventId = history?.append(message);
  stream.send(message, eventId);
}

/**
 * Opens a recorded legacy SSE stream for `session`. With event ids on, it gets a history and a
 * priming event (id `<stream>:0`, empty data, and `retry` when configured, §5.2).
 */
export function openLegacyStream(
  world: World,
  session: LegacySession,
  frame: FrameContext,
  kind: 'get' | 'post',
): { stream: ServerStream; history?: StreamHistory } {
  const stream = world.recorder.openStream({ ...frame, sessionId: session.id });
  if (!world.settings.streams.eventIds) return { stream };
  const history = new StreamHistory(stream.streamId, kind);
  session.histories.set(history.logicalId, history);
  prime(world, stream, history);
  return { stream, history };
}

/** Writes the priming event (`id: <stream>:0`, empty data, optional `retry`). */
function prime(world: World, stream: ServerStream, history: StreamHistory): void {
  const retryMs = world.settings.streams.retryMs;
  stream.sendRaw('', history.primingEventId(), retryMs === undefined ? {} : { retryMs });
}

/** Opens a POST response stream and tracks it on the session until it ends. */
export function openPostStream(world: World, session: LegacySession, frame: FrameContext): PostStream {
  const post: PostStream = openLegacyStream(world, session, frame, 'post');
  session.postStreams.push(post);
  post.stream.onClientClose(() => forgetPostStream(session, post));
  return post;
}

/** Removes a POST stream from the session's open set. */
export function forgetPostStream(session: LegacySession, post: PostStream): void {
  session.postStreams = session.postStreams.filter((other) => other !== post);
}

/**
 * Resumes a logical stream for a GET with `Last-Event-ID` (§5.2): replays the events of that stream
 * only, after the given id, on a new connection. A resumed GET stream becomes the session's GET
 * stream again; a resumed POST stream ends once its response has been replayed. Returns
 * `undefined` when the id does not name a stream of this session (the GET then opens a new stream).
 */
export function resumeStream(
  world: World,
  session: LegacySession,
  frame: FrameContext,
  lastEventId: string,
): ServerStream | undefined {
  const parsed = StreamHistory.parse(lastEventId);
  const history = parsed ? session.histories.get(parsed.logicalId) : undefined;
  if (!parsed || !history) return undefined;
  const stream = world.recorder.openStream({ ...frame, sessionId: session.id });
  for (const event of history.after(parsed.seq)) stream.send(event.message, event.eventId);
  if (history.kind === 'get') {
    if (session.getStream?.open) session.getStream.end('drop');
    session.getStream = stream;
    session.getHistory = history;
  } else if (history.answered) {
    stream.end('graceful');
  }
  return stream;
}
