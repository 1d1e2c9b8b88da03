import type { TranscriptFrame } from '@toolshift/fake-server';
import { SEED_002 } from '../authority/authority.js';
import type { Invariant } from '../invariant.js';
import { connectionFrames, connectionIds } from '../run-record.js';
import { enumerations, listExchanges } from '../tool-listings.js';
import { fail, inconclusive, pass } from '../verdict.js';

type Message = { method?: string; id?: unknown; error?: unknown };

/** How soon after reconnecting the re-list must start, logical ms (a later poll does not count). */
const RELIST_BOUND_MS = 30_000;
const method = (frame: TranscriptFrame) => (frame.message as Message | undefined)?.method;

/**
 * After losing its change channel the client listens again and re-lists, since notifications sent
 * while it was gone are lost for good (no replay exists). Modern: when the server ends a
 * `subscriptions/listen` stream (drop or graceful end), a new `subscriptions/listen` follows, and a
 * complete page-one listing starts after it (within 30 s of logical time: a poll much later does not
 * count). Legacy: when the server ends the standalone GET stream
 * a new GET stream opens; when the session is lost (HTTP 404 on a session id) a new `initialize`
 * follows and then a complete page-one listing. A loss before the client's first `tools/list` (a
 * client listing lazily) needs the new subscription or session, not a re-list.
 * @see ../shared/spec/mcp-discovery-spec.md §4.2 (delivery guarantees), §11.4; cases RC-01, RC-03, RC-05
 */
export const resubscribedAfterReconnect: Invariant = {
  id: 'reconnect.resubscribed-and-relisted',
  title:
    'After its change stream or session is lost, the client subscribes again and re-lists from page one.',
  source:
    'seed 002 (after reconnect re-listen and re-list); cases RC-01 E1-E2, RC-03 E1-E3, RC-05 E1-E2; digest §11.4',
  authority: {
    level: 'advice',
    basis: `${SEED_002}: after a reconnect, listen again and re-list; over HTTP a dropped listen is an unexpected disconnect the client MAY reconnect after (a stdio scenario cites the MUST)`,
  },
  check(run) {
    let losses = 0;
    for (const serverId of connectionIds(run)) {
      const frames = connectionFrames(run, serverId);
      const exchanges = listExchanges(frames);
      const complete = enumerations(exchanges).filter((e) => e.complete);
      // Before its first tools/list the client holds no listing a lost notification could outdate.
      const firstList = exchanges[0]?.request.seq ?? Number.POSITIVE_INFINITY;
      // A re-list counts when it starts within the bound (logical ms) of the reconnect, not at a later poll.
      const relistedAfter = (seq: number) => {
        const from = frames.find((frame) => frame.seq === seq)?.tick ?? 0;
        return complete.some(
          (e) => e.pages[0]!.request.seq > seq && e.pages[0]!.request.tick - from <= RELIST_BOUND_MS,
        );
      };
      // A stream the server ended because the client ended its own session (DELETE) is no loss.
      const deletedSessions = new Map<string, number>();
      for (const frame of frames)
        if (
          frame.direction === 'in' &&
          frame.httpMethod === 'DELETE' &&
          frame.sessionId !== undefined &&
          !deletedSessions.has(frame.sessionId)
        )
          deletedSessions.set(frame.sessionId, frame.seq);
      const endedByClient = (frame: TranscriptFrame) =>
        frame.sessionId !== undefined &&
        (deletedSessions.get(frame.sessionId) ?? Number.POSITIVE_INFINITY) < frame.seq;
      for (const loss of frames) {
        if (endedByClient(loss)) continue;
        const listenEnded =
          loss.kind === 'stream-close' && loss.closeMode !== 'client' && loss.streamId.startsWith('listen-');
        const getEnded =
          loss.kind === 'stream-close' && loss.closeMode !== 'client' && loss.streamId.startsWith('get-');
        const sessionLost =
          loss.direction === 'out' &&
          loss.httpStatus === 404 &&
          loss.sessionId !== undefined &&
          loss.era === 'legacy';
        if (!listenEnded && !getEnded && !sessionLost) continue;
        losses += 1;
        const after = frames.filter((frame) => frame.seq > loss.seq && frame.direction === 'in');
        if (listenEnded) {
          const listen = after.find((frame) => method(frame) === 'subscriptions/listen');
          if (!listen) {
            return fail(
              this.id,
              `${serverId}: the server ended ${loss.streamId} (${loss.closeMode}) at #${loss.seq} and the client never listened again.`,
              [{ seq: loss.seq, note: `${loss.streamId} ${loss.closeMode}` }],
              relistedAfter(loss.seq)
                ? 're-listed once, but without a subscription no later change can reach it'
                : 'no new subscriptions/listen and no re-list',
            );
          }
          if (firstList < loss.seq && !relistedAfter(listen.seq)) {
            return fail(
              this.id,
              `${serverId}: the client listened again at #${listen.seq} but did not re-list after it.`,
              [
                { seq: loss.seq, note: `${loss.streamId} ${loss.closeMode}` },
                { seq: listen.seq, note: 'new subscriptions/listen' },
              ],
              'resubscribed, but changes made while the stream was down stay invisible until the next signal',
            );
          }
        } else if (getEnded) {
          const reopened = after.find((frame) => frame.httpMethod === 'GET');
          if (!reopened) {
            return fail(
              this.id,
              `${serverId}: the server ended ${loss.streamId} at #${loss.seq} and the client never opened a new GET stream.`,
              [{ seq: loss.seq, note: `${loss.streamId} ${loss.closeMode}` }],
              'without a standalone GET stream no list_changed can reach a legacy client',
            );
          }
        } else {
          const init = after.find((frame) => method(frame) === 'initialize');
          if (!init || (firstList < loss.seq && !relistedAfter(init.seq))) {
            return fail(
              this.id,
              `${serverId}: session ${loss.sessionId} was lost at #${loss.seq} and the client ${init ? 'initialized again but did not re-list' : 'never initialized a new session'}.`,
              [
                { seq: loss.seq, note: `404 for session ${loss.sessionId}` },
                ...(init ? [{ seq: init.seq, note: 'new initialize' }] : []),
              ],
              init ? 'reconnected but kept the pre-restart tool list' : 'treated the 404 as terminal',
            );
          }
        }
      }
    }
    if (losses === 0) {
      // The script ended every stream of a kind (or restarted the server) and found none of the
      // client's to end: it never opened the channel this check is about — the client's doing. Any
      // other run without a loss is staging.
      const emptied = run.transcript.find(
        (frame) => frame.kind === 'step' && /^ended 0 (listen |get )?stream\(s\)/.test(frame.note ?? ''),
      );
      if (emptied && listExchanges(connectionFrames(run, run.serverId)).length > 0)
        return inconclusive(
          this.id,
          `${run.serverId}: step '${emptied.step}' ended the server's change streams at #${emptied.seq} and found none open: the client had no change channel to lose (and so none to re-open).`,
          [{ seq: emptied.seq, note: emptied.note ?? 'streams ended' }],
          { cause: 'client' },
        );
      return inconclusive(this.id, 'No stream or session was lost in this run.');
    }
    return pass(this.id, `The client recovered from each of ${losses} lost stream(s) or session(s).`);
  },
};
