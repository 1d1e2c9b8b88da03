import type { TranscriptFrame } from '@toolshift/fake-server';
import { connectionFrames, negotiationOf, type RunRecord } from './run-record.js';
import { listExchanges } from './tool-listings.js';
import { toolUses } from './tool-uses.js';
import { type FrameRef, inconclusive, type Verdict } from './verdict.js';
import { sentMessages } from './wire-requests.js';

/**
 * A tools catalog change the client never heard of because of its own channel — the evidence that
 * makes a change check's "the server sent no change notification" the client's doing (an
 * inconclusive verdict with `cause: 'client'`), not staging.
 */
export interface UnheardChange {
  /** The first frame of the changed catalog revision (usually the step that changed it). */
  changeSeq: number;
  /** Why no notification reached the client, in words: "it never opened a GET stream". */
  why: string;
  /** The change, the server's note that it announced it to no one, and the client's channel history. */
  evidence: FrameRef[];
}

/** A list whose changes are announced (`notifications/<family>/list_changed`). */
export type ChangeFamily = 'tools' | 'resources' | 'prompts';

const FAMILY_LISTS: Readonly<Record<ChangeFamily, readonly string[]>> = {
  tools: ['tools/list'],
  resources: ['resources/list', 'resources/templates/list'],
  prompts: ['prompts/list'],
};

const noGet = (family: ChangeFamily) =>
  new RegExp(`^notifications/${family}/list_changed for session \\S+ had no open GET stream`);
const noListen = (family: ChangeFamily) =>
  new RegExp(`^notifications/${family}/list_changed: no open subscriptions/listen stream`);
/** The script held or dropped the signal itself: staging, whatever the client did. */
const scriptHeld = (family: ChangeFamily) =>
  new RegExp(
    `${family} list change (not announced|held until)|acknowledgement is withheld|not acknowledged yet`,
  );

/** How a stream of the connection (GET, listen or a stdio/in-memory connection) last ended before `seq`. */
function lastStream(frames: readonly TranscriptFrame[], prefix: string, seq: number) {
  const opened = frames.filter(
    (frame) => frame.kind === 'stream-open' && frame.streamId.startsWith(prefix) && frame.seq < seq,
  );
  const last = opened.at(-1);
  if (!last) return undefined;
  const closed = frames.find(
    (frame) => frame.kind === 'stream-close' && frame.streamId === last.streamId && frame.seq < seq,
  );
  return { opened: last, closed };
}

/**
 * The first catalog change of this connection that no change notification could reach the client
 * for, by the client's own doing, while it held a listing the change made stale: after its first
 * `tools/list` (or, for a client that never listed, after its handshake), no notification followed
 * the change, the client did not list again from page one afterwards, and the server's own record
 * says why:
 * - 2025-11-25 over HTTP: the server noted the signal had no open GET stream, and the client had
 *   never opened one (no GET at all), or had closed its last one itself;
 * - 2026-07-28: the server noted no open `subscriptions/listen` stream asked for the signal, and the
 *   client had never sent `subscriptions/listen`, or had closed its last listen stream itself;
 * - either era: the client had ended its connection before the change (closed its stdio or
 *   in-memory channel, or ended its legacy session with DELETE) and never connected again.
 * A client that keeps no registry (reports no exposure, and is not wire-only) is blamed only when it
 * used the tools after the change without listing afresh first.
 * Anything else is staging and gives `undefined`: no change at all; a signal the script suppressed,
 * delayed or withheld; a GET the server refused or a stream the server ended (a re-open still in its
 * back-off); a notification the server sent on a POST stream; a change only some principals hear of.
 * @see ../shared/spec/mcp-discovery-spec.md §4.1 (legacy list_changed on the GET stream), §4.2 (listen)
 */
export function unheardChange(run: RunRecord, family: ChangeFamily = 'tools'): UnheardChange | undefined {
  const frames = connectionFrames(run, run.serverId);
  const era = negotiationOf(run).era;
  if (era === undefined) return undefined;
  const sent = sentMessages(frames);
  const listings = sent.filter((message) => FAMILY_LISTS[family].includes(message.method));
  const handshake = negotiationOf(run).attempts.find((attempt) => attempt.outcome === 'accepted');
  const from = listings[0]?.frame.seq ?? handshake?.seq ?? Number.POSITIVE_INFINITY;
  const signalMethod = `notifications/${family}/list_changed`;
  const signals = frames.filter(
    (frame) =>
      frame.direction === 'out' &&
      (frame.message as { method?: unknown } | undefined)?.method === signalMethod,
  );
  const pageOnes =
    family === 'tools'
      ? listExchanges(frames)
          .filter((exchange) => exchange.cursor === undefined)
          .map((exchange) => exchange.request.seq)
      : listings.map((listing) => listing.frame.seq);
  const lost = (frame: TranscriptFrame) =>
    frame.kind === 'note' &&
    (noGet(family).test(frame.note ?? '') || noListen(family).test(frame.note ?? ''));
  // Tools: every new catalog revision (a client may also have left before the server could note
  // anything); other lists: the server's notes that their change reached no one.
  const changes: TranscriptFrame[] = [];
  if (family === 'tools') {
    let previous = frames[0]?.catalogRevision ?? 0;
    for (const frame of frames) {
      if (frame.catalogRevision > previous) changes.push(frame);
      previous = Math.max(previous, frame.catalogRevision);
    }
  } else changes.push(...frames.filter(lost));
  // A client that keeps no registry (it reports no exposure; a wire-only client is judged as one
  // that does) holds nothing a change leaves stale until it uses the tools again.
  const registry = run.wireOnly === true || run.observations.some((o) => o.kind === 'exposure');
  const uses = registry ? [] : toolUses(run, run.serverId);
  for (const [index, change] of changes.entries()) {
    if (change.seq < from) continue;
    const until = changes[index + 1]?.seq ?? Number.POSITIVE_INFINITY;
    if (signals.some((signal) => signal.seq > change.seq)) continue;
    if (pageOnes.some((seq) => seq > change.seq)) continue;
    if (!registry && !uses.some((use) => use.from >= change.seq)) continue;
    const notes = frames.filter(
      (frame) =>
        frame.kind === 'note' && frame.seq >= change.seq && frame.seq < until && frame.note !== undefined,
    );
    if (notes.some((frame) => scriptHeld(family).test(frame.note!))) continue;
    const found =
      (family === 'tools' ? endedConnection(frames, sent, change.seq) : undefined) ??
      (era === 'legacy'
        ? missingGet(frames, notes.filter(lost), change.seq)
        : missingListen(frames, sent, notes.filter(lost), change.seq));
    if (!found) continue;
    return {
      changeSeq: change.seq,
      why: listings.length === 0 ? `${found.why}, and it never listed ${family}` : found.why,
      evidence: [
        { seq: change.seq, note: change.note ?? `catalog revision ${change.catalogRevision}` },
        ...found.evidence,
      ].sort((a, b) => a.seq - b.seq),
    };
  }
  return undefined;
}

type Found = { why: string; evidence: FrameRef[] } | undefined;

/** The client ended its connection (a closed channel, or DELETE of its session) before `seq` and never came back. */
function endedConnection(
  frames: readonly TranscriptFrame[],
  sent: ReturnType<typeof sentMessages>,
  seq: number,
): Found {
  const channel = lastStream(frames, 'conn-', seq);
  const deleted = frames
    .filter((frame) => frame.direction === 'in' && frame.httpMethod === 'DELETE' && frame.seq < seq)
    .at(-1);
  const end =
    channel?.closed?.closeMode === 'client'
      ? { seq: channel.closed.seq, note: 'the client closed its connection' }
      : deleted
        ? { seq: deleted.seq, note: 'the client ended its session (DELETE)' }
        : undefined;
  if (!end) return undefined;
  const back = sent.some(
    (message) =>
      message.frame.seq > end.seq &&
      message.frame.seq < seq &&
      (message.method === 'initialize' ||
        message.method === 'server/discover' ||
        message.method === 'tools/list'),
  );
  if (back) return undefined;
  return { why: `it had ended its connection (#${end.seq}) and never connected again`, evidence: [end] };
}

/** 2025-11-25: the server noted no open GET stream, and the client never opened one or closed its last one itself. */
function missingGet(
  frames: readonly TranscriptFrame[],
  notes: readonly TranscriptFrame[],
  seq: number,
): Found {
  const lost = notes[0];
  if (!lost || !/had no open GET stream/.test(lost.note ?? '')) return undefined;
  const gets = frames.filter(
    (frame) => frame.direction === 'in' && frame.httpMethod === 'GET' && frame.seq < seq,
  );
  if (gets.length === 0)
    return {
      why: 'it never opened the GET stream a 2025-11-25 server announces changes on',
      evidence: [{ seq: lost.seq, note: 'list_changed not delivered: no GET stream' }],
    };
  const stream = lastStream(frames, 'get-', seq);
  if (stream?.closed?.closeMode === 'client')
    return {
      why: `it closed its GET stream itself (#${stream.closed.seq}) and did not open another`,
      evidence: [
        { seq: stream.closed.seq, note: 'the client closed its GET stream' },
        { seq: lost.seq, note: 'list_changed not delivered: no GET stream' },
      ],
    };
  return undefined;
}

/** 2026-07-28: the server noted no open listen stream, and the client never listened or closed its last one itself. */
function missingListen(
  frames: readonly TranscriptFrame[],
  sent: ReturnType<typeof sentMessages>,
  notes: readonly TranscriptFrame[],
  seq: number,
): Found {
  const lost = notes[0];
  if (!lost || !/no open subscriptions\/listen stream/.test(lost.note ?? '')) return undefined;
  if (!sent.some((message) => message.method === 'subscriptions/listen' && message.frame.seq < seq))
    return {
      why: 'it never sent subscriptions/listen, the only way a 2026-07-28 server announces changes',
      evidence: [{ seq: lost.seq, note: 'list_changed not delivered: nobody listening' }],
    };
  const stream = lastStream(frames, 'listen-', seq);
  if (stream?.closed?.closeMode === 'client')
    return {
      why: `it closed its listen stream itself (#${stream.closed.seq}) and did not listen again`,
      evidence: [
        { seq: stream.closed.seq, note: 'the client closed its listen stream' },
        { seq: lost.seq, note: 'list_changed not delivered: nobody listening' },
      ],
    };
  return undefined;
}

/**
 * The verdict of a tools change check whose connection got no change notification at all: the
 * client's doing (`cause: 'client'`, with {@link unheardChange}'s evidence) when the catalog changed
 * while it held a listing and kept no channel open for the notification; staging otherwise (the
 * catalog never changed after it listed, the script held the signal back, or the client listed
 * afresh anyway).
 */
export function noChangeNotification(
  invariantId: string,
  run: RunRecord,
  family: ChangeFamily = 'tools',
): Verdict {
  const unheard = unheardChange(run, family);
  if (unheard)
    return inconclusive(
      invariantId,
      `${run.serverId}: no change notification reached the client by its own doing: the ${family === 'tools' ? 'catalog' : `${family} list`} changed at #${unheard.changeSeq} while ${unheard.why}, and it never listed again.`,
      unheard.evidence,
      { cause: 'client' },
    );
  return inconclusive(invariantId, `${run.serverId}: the server sent no change notification in this run.`);
}

/**
 * For a change check that judged every notification the client got: the client's doing
 * (`cause: 'client'`) when a later change reached it no more because it closed its channel (see
 * {@link unheardChange}), else `undefined` (its verdict stands).
 */
export function laterChangeUnheard(invariantId: string, run: RunRecord): Verdict | undefined {
  const unheard = unheardChange(run);
  if (!unheard) return undefined;
  return inconclusive(
    invariantId,
    `${run.serverId}: the client acted on the notifications it got, but the catalog changed again at #${unheard.changeSeq} while ${unheard.why}, and it never listed again.`,
    unheard.evidence,
    { cause: 'client' },
  );
}
