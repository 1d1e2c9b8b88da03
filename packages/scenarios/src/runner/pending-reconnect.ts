import type { TranscriptFrame } from '@toolshift/fake-server';

/** A change channel the client lost and has not tried to re-open yet: it may be in its back-off. */
export interface PendingReconnect {
  /** `seq` of the loss: the server ending the stream, or the failed answer to the client's attempt. */
  seq: number;
  /** The loss in words: `listen-2 dropped by the server`. */
  what: string;
  /** Wall-clock time of the loss frame (ms since epoch), when recorded. */
  atWallMs?: number;
}

type Message = { method?: string; error?: unknown };
const wall = (frame: TranscriptFrame) =>
  frame.wallTimeMs !== undefined ? { atWallMs: frame.wallTimeMs } : {};
const methodOf = (frame: TranscriptFrame) => (frame.message as Message | undefined)?.method;

/** HTTP statuses a client is right to stop at (authorization, a stream the server does not offer, an unknown method). */
const FINAL_STATUSES: ReadonlySet<number> = new Set([401, 403, 405]);

/**
 * The last change channel the client lost on `frames` (one connection's frames, in order), when it
 * has made no attempt to re-open one since — a re-open is any later `subscriptions/listen`, legacy
 * GET or `initialize`: it is waiting out a back-off (or has given up, which the checks judge).
 * A loss is the server ending a listen or GET stream (drop or graceful end), or a failed answer to
 * the client's own attempt to open one (a `subscriptions/listen` answered with an error, a GET or
 * listen answered 429 or 5xx), or a legacy session answered 404. Answers a client is right to stop
 * at (401, 403, 405: no stream on offer) are no loss. `undefined` when nothing is pending.
 */
export function pendingReconnect(frames: readonly TranscriptFrame[]): PendingReconnect | undefined {
  let pending: PendingReconnect | undefined;
  const attempts = new Map<string, string>();
  for (const frame of frames) {
    if (frame.direction === 'in' && frame.kind === 'message') {
      const method = methodOf(frame);
      if (method === 'subscriptions/listen' || method === 'initialize' || frame.httpMethod === 'GET') {
        pending = undefined;
        attempts.set(frame.streamId, method ?? 'GET');
      }
      continue;
    }
    if (frame.direction !== 'out') continue;
    if (
      frame.kind === 'stream-close' &&
      frame.closeMode !== 'client' &&
      (frame.streamId.startsWith('listen-') || frame.streamId.startsWith('get-'))
    ) {
      pending = {
        seq: frame.seq,
        what: `${frame.streamId} ${frame.closeMode === 'graceful' ? 'ended' : 'dropped'} by the server`,
        ...wall(frame),
      };
      continue;
    }
    const attempt = attempts.get(frame.streamId);
    if (attempt === undefined) {
      if (frame.httpStatus === 404 && frame.sessionId !== undefined && frame.era === 'legacy')
        pending = { seq: frame.seq, what: `session ${frame.sessionId} answered 404`, ...wall(frame) };
      continue;
    }
    if (frame.kind === 'stream-open') {
      attempts.delete(frame.streamId);
      continue;
    }
    const status = frame.httpStatus ?? 200;
    const refused = status >= 400 || (frame.message as Message | undefined)?.error !== undefined;
    if (frame.kind === 'message' || frame.kind === 'http') attempts.delete(frame.streamId);
    if (refused && attempt !== 'initialize' && !FINAL_STATUSES.has(status))
      pending = {
        seq: frame.seq,
        what: `${attempt} answered ${status}${status < 400 ? ' with an error' : ''}`,
        ...wall(frame),
      };
  }
  return pending;
}
