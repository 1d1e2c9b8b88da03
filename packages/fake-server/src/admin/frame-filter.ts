import type { TranscriptFrame } from '../transcript/transcript-frame.js';

/**
 * A simple transcript frame filter, usable from any language (every field is a plain value, all
 * given fields must match exactly):
 * - `direction`, `kind`, `era`, `transport`, `streamId`, `sessionId`, `principal`, `step`,
 *   `httpStatus`, `closeMode`: compared with the frame's field of the same name;
 * - `method`: the JSON-RPC `method` of the frame's message (requests and notifications);
 * - `messageId`: the JSON-RPC `id` of the frame's message (requests and responses).
 */
export interface FrameFilter {
  direction?: TranscriptFrame['direction'];
  kind?: TranscriptFrame['kind'];
  era?: TranscriptFrame['era'];
  transport?: TranscriptFrame['transport'];
  streamId?: string;
  sessionId?: string;
  principal?: string;
  step?: string;
  httpStatus?: number;
  closeMode?: TranscriptFrame['closeMode'];
  method?: string;
  messageId?: string | number;
}

/** The fields a {@link FrameFilter} may hold (the admin API rejects others). */
export const FRAME_FILTER_FIELDS = [
  'direction',
  'kind',
  'era',
  'transport',
  'streamId',
  'sessionId',
  'principal',
  'step',
  'httpStatus',
  'closeMode',
  'method',
  'messageId',
] as const satisfies readonly (keyof FrameFilter)[];

const PLAIN_FIELDS = FRAME_FILTER_FIELDS.filter(
  (field): field is Exclude<(typeof FRAME_FILTER_FIELDS)[number], 'method' | 'messageId'> =>
    field !== 'method' && field !== 'messageId',
);

/** True when `frame` matches every field `filter` sets (an empty filter matches every frame). */
export function matchesFrameFilter(frame: TranscriptFrame, filter: FrameFilter): boolean {
  for (const field of PLAIN_FIELDS) {
    const wanted = filter[field];
    if (wanted !== undefined && frame[field] !== wanted) return false;
  }
  const message = frame.message as { method?: unknown; id?: unknown } | undefined;
  if (filter.method !== undefined && message?.method !== filter.method) return false;
  if (filter.messageId !== undefined && message?.id !== filter.messageId) return false;
  return true;
}
