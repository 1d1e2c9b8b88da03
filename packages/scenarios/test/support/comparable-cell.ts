import type { TranscriptFrame } from '@toolshift/fake-server';
import type { CellResult } from '../../src/runner/cell.js';

/**
 * What two runs of one cell must agree on, with only what must differ normalized away:
 * - wall-clock time: `wallTimeMs` on frames, and wall-clock figures in verdict texts;
 * - credential digests (`credentialDigest`): each server keys them with a random key of its own;
 * - the endpoint's origin (`http://127.x.y.z:<port>`): an ephemeral port over HTTP, a per-server
 *   loopback address over msw; the endpoint path (`/mcp`) is the same on both;
 * - the `transport` field of frames, when transports are compared with each other.
 * Everything else stays: every frame in order with its `seq`, stream id, direction, headers
 * (`Last-Event-ID` included), SSE event id, JSON-RPC ids and bodies; every verdict with its check
 * id, status, text and evidence `seq`s.
 */
export interface ComparableCell {
  key: string;
  status: string;
  verdicts: string[];
  /** Every server's frames the checks judged, one line per frame. */
  frames: string[];
  /**
   * Every server's frames recorded after the run (the teardown), one line per frame without its
   * `seq`, grouped by stream in stream order: when a client closes two connections at once, which
   * one the server sees first is decided by the client's connection pool, so teardown is compared
   * stream by stream.
   */
  teardown: Record<string, string[]>;
  /** True when the client left a stream open after `close()` and the server had to end it (a note says so). */
  leftStreamOpen: boolean;
}

const ORIGIN = /http:\/\/127\.\d+\.\d+\.\d+:\d+/g;
const WALL_CLOCK = /\d+ wall-clock ms/g;

/** `result` reduced to what must be the same in another run; `withTransport: false` drops the frames' transport. */
export function comparableCell(
  result: CellResult,
  options: { withTransport?: boolean } = {},
): ComparableCell {
  const frame = (each: TranscriptFrame) => {
    const { wallTimeMs: _wall, credentialDigest: _credential, transport, ...rest } = each;
    const kept = options.withTransport === false ? rest : { ...rest, transport };
    return JSON.stringify(kept).replace(ORIGIN, '<origin>');
  };
  return {
    key: `${result.scenarioId}/${result.era}/${result.client}`,
    status: result.rawStatus,
    verdicts: result.verdicts.map((verdict) =>
      JSON.stringify([verdict.checkId, verdict.status, verdict.message, verdict.evidence])
        .replace(WALL_CLOCK, 'N wall-clock ms')
        .replace(ORIGIN, '<origin>'),
    ),
    frames: result.servers.flatMap((server) => server.transcript.map(frame)),
    teardown: teardownByStream(result, frame),
    leftStreamOpen: (result.teardownObservations ?? []).some(
      (observation) => observation.kind === 'note' && observation.text.includes('stream(s) open'),
    ),
  };
}

function teardownByStream(
  result: CellResult,
  line: (frame: TranscriptFrame) => string,
): Record<string, string[]> {
  const streams: Record<string, string[]> = {};
  for (const server of result.servers)
    for (const each of server.teardown ?? []) {
      const { seq: _seq, ...rest } = each;
      const key = `${server.serverId} ${each.streamId}`;
      streams[key] = [...(streams[key] ?? []), line(rest as TranscriptFrame)];
    }
  return streams;
}
