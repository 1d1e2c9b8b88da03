import type { TranscriptFrame } from '@toolshift/fake-server';
import type { Invariant } from '../invariant.js';
import { paramProblem } from '../param-shape.js';
import { connectionFrames } from '../run-record.js';
import { fail, inconclusive, pass } from '../verdict.js';

const SHAPE = { fields: { max404: 'integer' } } as const;
const method = (frame: TranscriptFrame) => (frame.message as { method?: string } | undefined)?.method;

/**
 * Legacy (2025-11-25) session loss is recoverable: after the server answers 404 to a request
 * carrying `Mcp-Session-Id`, the client sends a fresh `initialize` without that id, never sends the
 * dead id again on a request once it has a new session (closing the old stream or a `DELETE` of
 * the dead session is letting go of it, not reuse), and does not hammer the server (at most `max404`
 * answers of 404 to dead ids in the run, default 3). Params: `max404`.
 * @see ../shared/spec/mcp-discovery-spec.md §5.2 (404 means re-initialize)
 */
export const deadSessionDropped: Invariant = {
  id: 'reconnect.dead-session-dropped',
  title:
    'After a 404 on its session id the client re-initializes, drops the dead id for good, and stops retrying it.',
  source: 'spec 2025-11-25 §5.2 (sessions); cases RC-01 E1, RC-01 E3, RC-02',
  authority: {
    byEra: {
      legacy: { level: 'must', clauses: ['legacy-session-404-new-session'] },
      modern: { level: 'advice', basis: '2026-07-28 has no sessions' },
    },
  },
  params: SHAPE,
  validateParams: (params) => paramProblem(params, SHAPE),
  check(run, params = {}) {
    const max404 = (params.max404 as number | undefined) ?? 3;
    const frames = connectionFrames(run, run.serverId);
    const lost = frames.filter(
      (f) => f.direction === 'out' && f.httpStatus === 404 && f.sessionId !== undefined && f.era === 'legacy',
    );
    // Staging: no session expired under the client (or it never reused one that did).
    if (lost.length === 0) return inconclusive(this.id, 'No request was answered 404 for a session id.');
    const deadIds = new Set(lost.map((frame) => frame.sessionId!));
    const first = lost[0]!;
    const reinit = frames.find(
      (f) =>
        f.seq > first.seq &&
        f.direction === 'in' &&
        method(f) === 'initialize' &&
        !deadIds.has(f.sessionId ?? ''),
    );
    if (!reinit) {
      return fail(
        this.id,
        `${run.serverId}: after session ${first.sessionId} was answered 404 at #${first.seq}, the client never sent a fresh initialize.`,
        [{ seq: first.seq, note: `404 for session ${first.sessionId}` }],
        'it treated the 404 as terminal instead of starting a new session',
      );
    }
    const newSession = frames.find(
      (f) =>
        f.seq > reinit.seq && f.direction === 'out' && f.sessionId !== undefined && !deadIds.has(f.sessionId),
    );
    // Reuse is a request carrying the dead id; closing the old stream, or a DELETE ending the dead
    // session, is the client letting go of it.
    const reused = newSession
      ? frames.find(
          (f) =>
            f.seq > newSession.seq &&
            f.direction === 'in' &&
            f.kind === 'message' &&
            f.httpMethod !== 'DELETE' &&
            f.sessionId !== undefined &&
            deadIds.has(f.sessionId),
        )
      : undefined;
    if (reused) {
      return fail(
        this.id,
        `${run.serverId}: the client got session ${newSession!.sessionId} at #${newSession!.seq} but sent the dead id ${reused.sessionId} again at #${reused.seq}.`,
        [
          { seq: first.seq, note: '404 for the dead session' },
          { seq: reused.seq, note: 'request with the dead session id' },
        ],
        'the dead session id was kept alongside the new one',
      );
    }
    if (lost.length > max404) {
      // The client did start a new session: no clause limits how many 404s it meets first.
      return {
        ...fail(
          this.id,
          `${run.serverId}: ${lost.length} requests were answered 404 for dead sessions (at most ${max404} expected).`,
          lost.slice(0, 5).map((frame) => ({ seq: frame.seq, note: `404 for ${frame.sessionId}` })),
          'the client keeps retrying a session the server has forgotten',
        ),
        advisory:
          'the client did start a new session after the 404, as 2025-11-25 requires; no clause limits how many 404s it meets before that (risk: load on a server that forgot the session)',
      };
    }
    return pass(
      this.id,
      `${run.serverId}: the client re-initialized at #${reinit.seq} after the 404 at #${first.seq} and dropped the dead id.`,
      [
        { seq: first.seq, note: '404' },
        { seq: reinit.seq, note: 'fresh initialize' },
      ],
    );
  },
};
