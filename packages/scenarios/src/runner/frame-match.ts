import type { TranscriptFrame } from '@toolshift/fake-server';
import type { FrameMatch } from '../client-action.js';

type Message = { method?: string; params?: { name?: unknown } };

/** True when `frame` has every field `match` gives (see {@link FrameMatch}). */
export function matchesFrame(frame: TranscriptFrame, match: FrameMatch): boolean {
  const message = frame.message as Message | undefined;
  if (match.direction !== undefined && frame.direction !== match.direction) return false;
  if (match.kind !== undefined && frame.kind !== match.kind) return false;
  if (match.method !== undefined && message?.method !== match.method) return false;
  if (match.tool !== undefined && (message?.method !== 'tools/call' || message.params?.name !== match.tool))
    return false;
  if (match.httpMethod !== undefined && frame.httpMethod !== match.httpMethod) return false;
  if (match.httpStatus !== undefined && frame.httpStatus !== match.httpStatus) return false;
  if (match.streamPrefix !== undefined && !frame.streamId.startsWith(match.streamPrefix)) return false;
  if (match.step !== undefined && frame.step !== match.step) return false;
  return true;
}
