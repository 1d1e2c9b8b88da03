import type { TranscriptFrame } from '@toolshift/fake-server';
import type { CellResult } from '../runner/cell.js';

/** What the wire shows about how a client kept its tool list current in one cell. */
export interface ReaskingEvidence {
  /** The client re-listed at least once with no change signal and no change since its previous listing. */
  unpromptedRelists: number[];
  /** Frames where the client opened a change channel (a legacy GET stream, a modern `subscriptions/listen`). */
  changeChannels: number[];
  /** Catalog changes (`step` frames) after the client's first listing. */
  changes: number[];
}

type Message = { method?: string; params?: { cursor?: unknown } };

const isFirstPageList = (frame: TranscriptFrame) => {
  const message = frame.message as Message | undefined;
  return frame.direction === 'in' && message?.method === 'tools/list' && message.params?.cursor === undefined;
};
const isSignal = (frame: TranscriptFrame) =>
  frame.direction === 'out' &&
  (frame.message as Message | undefined)?.method === 'notifications/tools/list_changed';
const isHandshake = (frame: TranscriptFrame) => {
  const method = (frame.message as Message | undefined)?.method;
  return frame.direction === 'in' && (method === 'initialize' || method === 'server/discover');
};
const opensChannel = (frame: TranscriptFrame) =>
  (frame.direction === 'in' &&
    (frame.httpMethod === 'GET' ||
      (frame.message as Message | undefined)?.method === 'subscriptions/listen')) ||
  (frame.direction === 'out' &&
    frame.kind === 'stream-open' &&
    (frame.streamId.startsWith('get-') || frame.streamId.startsWith('listen-')));

/**
 * Reads one server's transcript for how the client stayed current: its re-lists that nothing
 * prompted (no `list_changed` sent, no catalog change and no new handshake since its previous
 * listing), the change channels it opened, and the catalog changes it had to follow.
 */
export function reaskingEvidence(frames: readonly TranscriptFrame[]): ReaskingEvidence {
  const evidence: ReaskingEvidence = { unpromptedRelists: [], changeChannels: [], changes: [] };
  let listed = false;
  let prompted = false;
  for (const frame of frames) {
    if (opensChannel(frame)) evidence.changeChannels.push(frame.seq);
    if (frame.kind === 'step' && listed) {
      evidence.changes.push(frame.seq);
      prompted = true;
    }
    if (isSignal(frame) || isHandshake(frame)) prompted = true;
    if (isFirstPageList(frame)) {
      if (listed && !prompted) evidence.unpromptedRelists.push(frame.seq);
      listed = true;
      prompted = false;
    }
  }
  return evidence;
}

/**
 * True when a passing cell passed by re-asking, decided from the wire: the server changed its
 * catalog after the client's first listing, the client opened no change channel on any server
 * (no legacy GET stream, no `subscriptions/listen`: it ignores or never receives the change
 * signal), and it re-listed at least once with nothing prompting it (it lists before each request
 * whether or not anything changed). Over stdio a legacy signal arrives on the connection itself, so
 * there the unprompted re-lists decide alone.
 */
export function passedByReasking(result: Pick<CellResult, 'servers' | 'transport'>): boolean {
  const perServer = result.servers.map((server) => reaskingEvidence(server.transcript));
  const changed = perServer.some((evidence) => evidence.changes.length > 0);
  const reasked = perServer.some((evidence) => evidence.unpromptedRelists.length > 0);
  const channelOpened =
    result.transport === 'http' || result.transport === 'msw'
      ? perServer.some((evidence) => evidence.changeChannels.length > 0)
      : false;
  return changed && reasked && !channelOpened;
}

/** Whether any server's catalog changed after the client's first listing of it (see {@link reaskingEvidence}). */
export function catalogChanged(result: Pick<CellResult, 'servers'>): boolean {
  return result.servers.some((server) => reaskingEvidence(server.transcript).changes.length > 0);
}

/**
 * Whether the client listed successfully after every catalog change it had to follow: on each
 * server whose catalog revision changed after the client's first listing and which the client then
 * went on to use (any request, or a model request, after the change), a `tools/list` was answered
 * with tools after the last change. False when the wire shows the host's re-asking did not work
 * (its listings after the change failed — a dead session answered 404 — or it sent none and used
 * the tools anyway: a cache answered), so a grade that credits re-asking would claim what did not
 * happen. A change the client never acted after asks nothing of it.
 */
export function relistedAfterChanges(result: Pick<CellResult, 'servers'>): boolean {
  return result.servers.every(({ transcript }) => {
    let revision: number | undefined;
    let changed = false;
    let usedAfter = false;
    let answeredAfter = false;
    for (const frame of transcript) {
      const listing = isToolsListAnswer(frame);
      if (listing && revision === undefined) revision = frame.catalogRevision;
      if (frame.kind === 'step' && revision !== undefined && frame.catalogRevision !== revision) {
        revision = frame.catalogRevision;
        changed = true;
        usedAfter = false;
        answeredAfter = false;
      } else if (changed) {
        if (listing) answeredAfter = true;
        if (isUse(frame)) usedAfter = true;
      }
    }
    return !changed || answeredAfter || !usedAfter;
  });
}

const isToolsListAnswer = (frame: TranscriptFrame) =>
  frame.direction === 'out' &&
  frame.kind === 'message' &&
  Array.isArray((frame.message as { result?: { tools?: unknown } } | undefined)?.result?.tools);
const isUse = (frame: TranscriptFrame) =>
  frame.direction === 'in' &&
  (frame.kind === 'model' ||
    (frame.kind === 'message' && (frame.message as Message | undefined)?.method !== undefined));
