import type { Era } from '@toolshift/fake-server';
import { describeAttempt, ERA_REVISION } from './negotiated-era.js';
import { connectionFrames, negotiationOf, type RunRecord } from './run-record.js';
import { inconclusive, type Verdict } from './verdict.js';

/**
 * The eras the client spoke on the record's connection, by the wire: those the server accepted an
 * `initialize` or a 2026-07-28 request in; for a transcript with no such request (e.g. one written
 * by hand), the eras the server routed the client's messages to.
 */
export function erasSpoken(run: RunRecord): Era[] {
  const negotiation = negotiationOf(run);
  if (negotiation.attempts.length > 0) return negotiation.accepted;
  const routed = new Set<Era>();
  for (const frame of connectionFrames(run, run.serverId))
    if (frame.direction === 'in' && frame.kind === 'message' && frame.era !== 'unknown')
      routed.add(frame.era);
  return [...routed];
}

/**
 * For an era-specific invariant: an `inconclusive` verdict naming what the client negotiated when
 * it never spoke `era` on the record's connection, else `undefined` (judge it). The cell's era
 * label never decides: a client may negotiate legacy in a modern-preferring cell, or either era on
 * a dual-era endpoint. Inconclusive causes: a client that spoke the other era rightly ran a run this
 * check does not apply to (`not-applicable`: an essential check that does not apply blocks no pass);
 * one that negotiated no era at all is staging here (`runner.era-negotiated` judges the handshake).
 * @see ../shared/spec/mcp-discovery-spec.md §1.4
 */
export function unlessSpoken(run: RunRecord, era: Era, invariantId: string): Verdict | undefined {
  const spoken = erasSpoken(run);
  if (spoken.includes(era)) return undefined;
  const negotiation = negotiationOf(run);
  if (spoken.length === 0)
    return inconclusive(
      invariantId,
      `${run.serverId}: the client never negotiated an era (no initialize or 2026-07-28 request was accepted), so this ${era}-era check has nothing to judge.`,
    );
  const accepted = negotiation.attempts.find((attempt) => attempt.outcome === 'accepted');
  const other = spoken[0]!;
  return inconclusive(
    invariantId,
    `${run.serverId}: the client negotiated ${ERA_REVISION[other]} (${other}${accepted ? `: ${describeAttempt(accepted)}` : ''}), so this ${era}-era check does not apply.`,
    accepted ? [{ seq: accepted.seq, note: `${other} era negotiated` }] : [],
    { cause: 'not-applicable' },
  );
}
