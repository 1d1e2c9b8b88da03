import type { TranscriptFrame } from '@toolshift/fake-server';
import { type CellResult, cellKey } from '../runner/cell.js';
import { cellDetail } from './cell-detail.js';
import { authorityLine } from './cited-clauses.js';
import { frameLabel } from './html-report-data.js';

/** Options of {@link renderCellEvidence}. */
export interface CellEvidenceOptions {
  /** Also list every frame of every server's transcript (labels only), evidence frames marked `>`. */
  allFrames?: boolean;
  /** Lines of a frame's JSON shown before `… N more lines` (default 40). */
  maxFrameLines?: number;
}

/** Who sent a frame, as an arrow between the client and the server. */
function arrow(frame: TranscriptFrame): string {
  if (frame.direction === 'in') return 'client → server';
  if (frame.direction === 'out') return 'server → client';
  return 'server';
}

/** The part of a frame worth reading: the JSON-RPC message, else the raw text, the note or the HTTP exchange. */
function frameBody(frame: TranscriptFrame): unknown {
  if (frame.message !== undefined) return frame.message;
  if (frame.raw !== undefined) return frame.raw;
  if (frame.model !== undefined) return frame.model;
  const { seq: _seq, tick: _tick, wallTimeMs: _wall, credentialDigest: _digest, ...rest } = frame;
  return rest;
}

/**
 * JSON laid out for reading a frame: nested objects and arrays on lines of their own down to
 * `depth`, anything deeper on one line (a tool of a `tools/list` result is one line).
 */
export function readableJson(value: unknown, depth = 3, indent = ''): string {
  if (depth <= 0 || value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${inner}${readableJson(item, depth - 1, inner)}`).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value).filter(([, item]) => item !== undefined);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${readableJson(item, depth - 1, inner)}`).join(',\n')}\n${indent}}`;
}

/** `text` indented, cut after `max` lines with a count of the rest. */
function indentCut(text: string, indent: string, max: number): string[] {
  const lines = text.split('\n');
  const cut = lines.length - max;
  return [
    ...lines.slice(0, max).map((line) => `${indent}${line}`),
    ...(cut > 0 ? [`${indent}… ${cut} more lines (the JSON report holds the whole frame)`] : []),
  ];
}

/**
 * A failing (or inconclusive) cell for the terminal: its status and detail, then each failing and
 * inconclusive check with its level and authority, near miss and evidence frames, each frame with
 * what the check says it proves and its message as JSON. With `allFrames`, every frame of the run
 * after that, as one labelled line each. The cell must carry its servers' transcripts (a run's
 * result, or a JSON report with the cell's transcripts); without them only the checks are shown.
 */
export function renderCellEvidence(result: CellResult, options: CellEvidenceOptions = {}): string[] {
  const maxLines = options.maxFrameLines ?? 40;
  const lines = [`${cellKey(result)}: ${result.status}${result.status === 'pass' ? '' : ` — ${cellDetail(result)}`}`];
  const firstServer = result.servers[0]?.serverId;
  const transcriptOf = (serverId: string | undefined) =>
    result.servers.find((server) => server.serverId === (serverId ?? firstServer))?.transcript;
  const carried = result.servers.some((server) => server.transcript.length > 0);
  const cited = new Set<string>();
  for (const verdict of result.verdicts) {
    if (verdict.status !== 'fail' && verdict.status !== 'inconclusive') continue;
    lines.push(
      '',
      `${verdict.status.toUpperCase()} ${verdict.checkId}${verdict.serverId ? ` @${verdict.serverId}` : ''}: ${verdict.message}`,
    );
    if (verdict.level) lines.push(`  ${authorityLine(verdict)}`);
    if (verdict.nearMiss) lines.push(`  Near miss: ${verdict.nearMiss}`);
    const transcript = transcriptOf(verdict.serverId);
    for (const ref of verdict.evidence) {
      const frame = transcript?.find((candidate) => candidate.seq === ref.seq);
      cited.add(`${verdict.serverId ?? firstServer}#${ref.seq}`);
      lines.push(`  #${ref.seq}${frame ? ` ${arrow(frame)}: ${frameLabel(frame)}` : ''}${ref.note ? ` — ${ref.note}` : ''}`);
      if (frame) lines.push(...indentCut(readableJson(frameBody(frame), 4), '      ', maxLines));
    }
  }
  if (!carried)
    lines.push(
      '',
      'No transcript is carried for this cell, so its frames cannot be shown (a JSON report carries the transcripts of failing cells; --json-transcripts all carries every cell).',
    );
  if (options.allFrames && carried)
    for (const server of result.servers) {
      lines.push('', `Every frame of ${server.serverId} (> cited as evidence):`);
      for (const frame of server.transcript)
        lines.push(
          `${cited.has(`${server.serverId}#${frame.seq}`) ? '>' : ' '} #${frame.seq} ${arrow(frame)}: ${frameLabel(frame)}`,
        );
    }
  return lines;
}
