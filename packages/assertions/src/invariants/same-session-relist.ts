import type { TranscriptFrame } from '@toolshift/fake-server';
import { unlessSpoken } from '../era-gate.js';
import type { Invariant } from '../invariant.js';
import { connectionFrames } from '../run-record.js';
import { changeSignals, listExchanges } from '../tool-listings.js';
import { noChangeNotification } from '../unheard-change.js';
import { fail, inconclusive, pass } from '../verdict.js';

const method = (frame: TranscriptFrame) => (frame.message as { method?: string } | undefined)?.method;
/** The session a frame belongs to: `Mcp-Session-Id` over HTTP; the connection itself on stdio and in-memory. */
const sessionOf = (frame: TranscriptFrame) =>
  frame.transport === 'http' || frame.transport === 'msw' ? frame.sessionId : frame.streamId;

/**
 * A legacy `list_changed` is handled inside the session it arrived on: the re-list after it
 * carries the same `Mcp-Session-Id` (on stdio and in-memory: travels on the same connection), and
 * no new `initialize` comes between the notification and the re-list (no reconnect needed to see
 * new tools). Judged when the client negotiated 2025-11-25 on the wire, whatever the cell's era.
 */
export const sameSessionRelist: Invariant = {
  id: 'legacy.same-session-relist',
  title: 'After a legacy list_changed the client re-lists in the same session, without re-initializing.',
  source: 'cases LC-02 E2',
  authority: {
    level: 'advice',
    basis: 'a legacy list_changed needs no new session; re-initializing for it is needless work',
  },
  check(run) {
    const notLegacy = unlessSpoken(run, 'legacy', this.id);
    if (notLegacy) return notLegacy;
    const frames = connectionFrames(run, run.serverId);
    const signals = changeSignals(frames).filter((signal) => sessionOf(signal) !== undefined);
    // No notification in a session: the client's doing when it kept no channel open for one (see
    // noChangeNotification); else staging.
    if (signals.length === 0) return noChangeNotification(this.id, run);
    const pageOnes = listExchanges(frames).filter((exchange) => exchange.cursor === undefined);
    for (const signal of signals) {
      const relist = pageOnes.find((exchange) => exchange.request.seq > signal.seq);
      // Staging here: no re-list at all leaves no session to compare (change.relists-after-signal
      // judges whether one was due: a client listing per use or lazily may rightly not re-list).
      if (!relist) return inconclusive(this.id, `No re-list followed the notification at #${signal.seq}.`);
      const reinit = frames.find(
        (f) =>
          f.direction === 'in' &&
          f.seq > signal.seq &&
          f.seq < relist.request.seq &&
          method(f) === 'initialize',
      );
      if (reinit || sessionOf(relist.request) !== sessionOf(signal)) {
        return fail(
          this.id,
          `${run.serverId}: after the notification in session ${sessionOf(signal)} (#${signal.seq}) the client re-listed in ${sessionOf(relist.request) ? `session ${sessionOf(relist.request)}` : 'no session'}${reinit ? `, re-initializing at #${reinit.seq} first` : ''}.`,
          [
            { seq: signal.seq, note: 'notifications/tools/list_changed' },
            ...(reinit ? [{ seq: reinit.seq, note: 'initialize' }] : []),
            { seq: relist.request.seq, note: 're-list' },
          ],
          'it reconnected to see the new tools instead of re-listing in the live session',
        );
      }
    }
    return pass(this.id, `${signals.length} notification(s) were followed by a re-list in the same session.`);
  },
};
