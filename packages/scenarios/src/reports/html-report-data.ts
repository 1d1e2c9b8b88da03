import type { TranscriptFrame } from '@toolshift/fake-server';
import type { CellResult, CellStatus } from '../runner/cell.js';
import type { SuiteSummary } from '../runner/run-suite.js';
import { cellDetail, eraColumn, resultLine } from './cell-detail.js';
import { carriesTranscripts, type TranscriptChoice } from './json-report.js';
import { authorityLine } from './cited-clauses.js';

/** One frame on a cell's timeline: where it sits (lane), what its arrow says, and the frame itself. */
export interface HtmlFrame {
  /** The server whose transcript holds the frame (its lane, unless `model`). */
  serverId: string;
  seq: number;
  /** Logical clock (ms) when recorded. */
  tick: number;
  /** Ticks the logical clock advanced since the previous frame of this server (a clock marker). */
  advancedMs?: number;
  direction: TranscriptFrame['direction'];
  kind: string;
  /** The fake model's frames go on a lane of their own. */
  lane: 'server' | 'model';
  /** The arrow's label: method and id, HTTP status, stream. */
  label: string;
  /** What each failing check says this frame proves (the frame is evidence when non-empty). */
  evidence: string[];
  /** The frame as recorded, shown on click. */
  raw: TranscriptFrame;
}

/** A check's verdict as the page shows it. */
export interface HtmlVerdict {
  checkId: string;
  serverId?: string;
  status: 'pass' | 'fail' | 'inconclusive' | 'n/a';
  message: string;
  nearMiss?: string;
  cites?: string;
  /** `must`/`should`/`advice`, and what it rests on: the quoted clauses, or the advice's basis. */
  level?: string;
  authority?: string;
  evidence: Array<{ seq: number; note: string }>;
}

/** A frame a failing check cites, as the page shows it without a click. */
export interface HtmlEvidenceFrame {
  serverId: string;
  seq: number;
  /** What the check says the frame proves. */
  note: string;
  /** The frame's arrow label (absent when the report carries no transcript for the cell). */
  label?: string;
  /** Who sent it: `in` client → server, `out` server → client, `server` a step or note. */
  direction?: TranscriptFrame['direction'];
  /** The frame's message as one line of JSON, cut at {@link SNIPPET_CHARS} characters. */
  snippet?: string;
}

/** A failing cell's first failing check, with everything the page shows before any click. */
export interface HtmlFirstFailure {
  checkId: string;
  serverId?: string;
  level?: string;
  message: string;
  nearMiss?: string;
  evidence: HtmlEvidenceFrame[];
}

/** Characters of a frame's JSON shown in a failure's evidence list (the timeline shows it all). */
export const SNIPPET_CHARS = 240;

/** One cell of the matrix; `frames` is absent when the report does not carry its transcript. */
export interface HtmlCell {
  key: string;
  scenarioId: string;
  era: string;
  /** The era column (`dual→legacy` when the client negotiated another era). */
  eraLabel: string;
  transport: string;
  client: string;
  status: CellStatus;
  detail: string;
  durationMs: number;
  verdicts: HtmlVerdict[];
  /** Server ids in lane order (empty when no transcript is carried). */
  servers: string[];
  frames?: HtmlFrame[];
  /** The first failing check (failing cells only), with its evidence frames. */
  firstFailure?: HtmlFirstFailure;
}

/** Everything the page shows, embedded in it as JSON. */
export interface HtmlReportData {
  startedAt: string;
  durationMs: number;
  resultLine: string;
  counts: Record<CellStatus, number>;
  interrupted: boolean;
  transcripts: TranscriptChoice;
  cells: HtmlCell[];
}

/** The arrow label of a frame: `tools/list #3 · post-2`, `result #3 · HTTP 200 · post-2`, `step add-tool: …`. */
export function frameLabel(frame: TranscriptFrame): string {
  const parts: string[] = [];
  const message = frame.message as { method?: string; id?: string | number; result?: unknown; error?: { code?: number } } | undefined;
  switch (frame.kind) {
    case 'message':
      if (message?.method) parts.push(`${message.method}${message.id !== undefined ? ` #${message.id}` : ''}`);
      else if (message?.error) parts.push(`error #${message.id ?? '?'} (${message.error.code ?? '?'})`);
      else if (message) parts.push(`result #${message.id ?? '?'}`);
      else if (frame.raw !== undefined) parts.push('unparseable message');
      else parts.push(`${frame.httpMethod ?? 'request'} (no body)`);
      break;
    case 'http':
      parts.push(`HTTP ${frame.httpStatus ?? '?'}`);
      break;
    case 'stream-open':
      parts.push('stream opened');
      break;
    case 'stream-close':
      parts.push(`stream closed${frame.closeMode ? ` (${frame.closeMode})` : ''}`);
      break;
    case 'step':
      parts.push(`step ${frame.step ?? ''}${frame.note ? `: ${frame.note}` : ''}`);
      break;
    case 'note':
      parts.push(`note: ${frame.note ?? ''}`);
      break;
    default:
      parts.push(frame.kind);
  }
  if (frame.kind !== 'http' && frame.httpStatus !== undefined) parts.push(`HTTP ${frame.httpStatus}`);
  if (frame.streamId && frame.streamId !== 'world') parts.push(frame.streamId);
  if (frame.fault) parts.push(`fault ${frame.fault}`);
  return parts.join(' · ');
}

function framesOf(result: CellResult): HtmlFrame[] {
  const firstServer = result.servers[0]?.serverId;
  const evidence = new Map<string, string[]>();
  for (const verdict of result.verdicts) {
    if (verdict.status !== 'fail') continue;
    for (const ref of verdict.evidence) {
      const key = `${verdict.serverId ?? firstServer}#${ref.seq}`;
      evidence.set(key, [...(evidence.get(key) ?? []), `${verdict.checkId}: ${ref.note || verdict.message}`]);
    }
  }
  // Servers sharing one fake server share a transcript: draw it once, on the first server's lane.
  const sharing = new Map<readonly TranscriptFrame[], string[]>();
  for (const { serverId, transcript } of result.servers)
    sharing.set(transcript, [...(sharing.get(transcript) ?? []), serverId]);
  const frames: Array<HtmlFrame & { order: number }> = [];
  result.servers.forEach(({ serverId, transcript }, index) => {
    const ids = sharing.get(transcript)!;
    if (ids[0] !== serverId) return;
    let tick: number | undefined;
    for (const frame of transcript) {
      const advancedMs = tick !== undefined && frame.tick > tick ? frame.tick - tick : undefined;
      tick = frame.tick;
      frames.push({
        serverId,
        seq: frame.seq,
        tick: frame.tick,
        ...(advancedMs !== undefined ? { advancedMs } : {}),
        direction: frame.direction,
        kind: frame.kind,
        lane: frame.kind.startsWith('model') ? 'model' : 'server',
        label: frameLabel(frame),
        evidence: ids.flatMap((id) => evidence.get(`${id}#${frame.seq}`) ?? []),
        raw: frame,
        // Frames of several servers interleave by wall time; one server's frames keep their seq order.
        order: (frame.wallTimeMs ?? 0) * 1000 + index,
      });
    }
  });
  const byServer = frames.every((frame) => frame.raw.wallTimeMs === undefined);
  if (!byServer) frames.sort((a, b) => a.order - b.order || (a.serverId === b.serverId ? a.seq - b.seq : 0));
  return frames.map(({ order: _order, ...frame }) => frame);
}

/** The first failing check of `result` with its cited frames (labels and snippets when `carried`). */
function firstFailureOf(result: CellResult, carried: boolean): HtmlFirstFailure | undefined {
  const verdict = result.verdicts.find((candidate) => candidate.status === 'fail');
  if (!verdict) return undefined;
  const serverId = verdict.serverId ?? result.servers[0]?.serverId ?? 'primary';
  const transcript = result.servers.find((server) => server.serverId === serverId)?.transcript ?? [];
  return {
    checkId: verdict.checkId,
    ...(verdict.serverId !== undefined ? { serverId: verdict.serverId } : {}),
    ...(verdict.level !== undefined ? { level: verdict.level } : {}),
    message: verdict.message,
    ...(verdict.nearMiss !== undefined ? { nearMiss: verdict.nearMiss } : {}),
    evidence: verdict.evidence.map((ref) => {
      const frame = carried ? transcript.find((candidate) => candidate.seq === ref.seq) : undefined;
      const body = frame ? JSON.stringify(frame.message ?? frame.raw ?? null) : undefined;
      return {
        serverId,
        seq: ref.seq,
        note: ref.note || verdict.message,
        ...(frame ? { label: frameLabel(frame), direction: frame.direction } : {}),
        ...(body !== undefined && body !== 'null'
          ? { snippet: body.length > SNIPPET_CHARS ? `${body.slice(0, SNIPPET_CHARS)}…` : body }
          : {}),
      };
    }),
  };
}

/** Statuses that need a look first: the matrix and the list sort by this rank. */
export const STATUS_RANK: Readonly<Record<CellStatus, number>> = {
  fail: 0,
  stale: 1,
  error: 2,
  'known-failure': 3,
  inconclusive: 4,
  pass: 5,
  'n/a': 6,
};

/** `{ [key]: value }`, or nothing when `value` is undefined. */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/**
 * The page's data for a run: every cell with its verdicts, and for the cells `transcripts`
 * selects (default: failing ones) the frames of every server's transcript with their labels and
 * which failing check cites each as evidence.
 */
export function toHtmlReportData(summary: SuiteSummary, transcripts: TranscriptChoice = 'failing'): HtmlReportData {
  return {
    startedAt: summary.startedAt,
    durationMs: summary.durationMs,
    resultLine: resultLine(summary),
    counts: summary.counts,
    interrupted: summary.interrupted === true,
    transcripts,
    cells: summary.results.map((result) => {
      const carried = carriesTranscripts(result, transcripts) && result.servers.length > 0;
      return {
        key: `${result.scenarioId}/${result.era}/${result.transport}/${result.client}`,
        scenarioId: result.scenarioId,
        era: result.era,
        eraLabel: eraColumn(result),
        transport: result.transport,
        client: result.client,
        status: result.status,
        detail: cellDetail(result),
        durationMs: result.durationMs,
        verdicts: result.verdicts.map((verdict) => ({
          checkId: verdict.checkId,
          status: verdict.status,
          message: verdict.message,
          evidence: verdict.evidence,
          ...(verdict.serverId !== undefined ? { serverId: verdict.serverId } : {}),
          ...(verdict.nearMiss !== undefined ? { nearMiss: verdict.nearMiss } : {}),
          ...(verdict.cites !== undefined ? { cites: verdict.cites } : {}),
          ...(verdict.level !== undefined ? { level: verdict.level, authority: authorityLine(verdict) } : {}),
        })),
        servers: carried ? [...new Set(result.servers.map((server) => server.serverId))] : [],
        ...(carried ? { frames: framesOf(result) } : {}),
        ...(result.status === 'fail' || result.status === 'known-failure' || result.status === 'error'
          ? optional('firstFailure', firstFailureOf(result, carried))
          : {}),
      };
    }),
  };
}
