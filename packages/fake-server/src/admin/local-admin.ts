import type { FakeServer } from '../fake-server.js';
import { transcriptToJsonl } from '../transcript/jsonl.js';
import type { TranscriptFrame } from '../transcript/transcript-frame.js';
import type {
  AdminApi,
  AdminStatus,
  AdminWaitOptions,
  TranscriptPage,
  TranscriptQuery,
} from './admin-api.js';
import { invalidRequest } from './admin-route.js';
import { type FrameFilter, matchesFrameFilter } from './frame-filter.js';
import { parseAdminStep } from './parse-admin-step.js';

/** Longest a single admin wait may last, ms (a long-poll must end before proxies and clients give up). */
export const MAX_ADMIN_WAIT_MS = 60_000;

/** Largest single logical-clock advance through the admin API, ms (24 h; advance again for more). */
export const MAX_CLOCK_ADVANCE_MS = 24 * 60 * 60 * 1000;

/**
 * The in-process {@link AdminApi}: calls straight into `server`. The admin HTTP routes are a thin
 * layer over it, so local and remote control behave the same.
 */
export function createLocalAdmin(server: FakeServer): AdminApi {
  return {
    async status(): Promise<AdminStatus> {
      return {
        catalogRevision: server.catalogRevision,
        nowMs: server.now(),
        lastSeq: server.transcript.lastSeq,
        openStreams: server.openStreamCount(),
        eras: [...server.eras],
        toolCount: server.tools().length,
      };
    },
    async applyStep(step) {
      return server.apply(parseAdminStep(step));
    },
    async transcript(query = {}): Promise<TranscriptPage> {
      return { frames: selectFrames(server.transcript.frames, query), lastSeq: server.transcript.lastSeq };
    },
    async transcriptJsonl(query = {}): Promise<string> {
      return transcriptToJsonl(selectFrames(server.transcript.frames, query));
    },
    async waitFor(filter: FrameFilter, options: AdminWaitOptions = {}): Promise<TranscriptFrame> {
      const timeoutMs = options.timeoutMs ?? 5000;
      if (!Number.isFinite(timeoutMs) || timeoutMs < 0 || timeoutMs > MAX_ADMIN_WAIT_MS) {
        throw invalidRequest(`timeoutMs must be between 0 and ${MAX_ADMIN_WAIT_MS}, got ${timeoutMs}`);
      }
      return server.waitFor((frame) => matchesFrameFilter(frame, filter), {
        timeoutMs,
        afterSeq: options.afterSeq ?? 0,
      });
    },
    async advanceClock(ms: number): Promise<number> {
      if (!Number.isInteger(ms) || ms < 0 || ms > MAX_CLOCK_ADVANCE_MS) {
        throw invalidRequest(
          `advanceMs must be an integer number of ms from 0 to ${MAX_CLOCK_ADVANCE_MS} (24 h), got ${String(ms)}`,
        );
      }
      return server.advanceClock(ms);
    },
    async reset(): Promise<void> {
      server.reset();
    },
  };
}

function selectFrames(frames: readonly TranscriptFrame[], query: TranscriptQuery): TranscriptFrame[] {
  const afterSeq = query.afterSeq ?? 0;
  const limit = query.limit ?? Number.POSITIVE_INFINITY;
  const out: TranscriptFrame[] = [];
  for (const frame of frames) {
    if (out.length >= limit) break;
    if (frame.seq <= afterSeq) continue;
    if (query.filter && !matchesFrameFilter(frame, query.filter)) continue;
    out.push(frame);
  }
  return out;
}
