import type { TranscriptFrame } from '@toolshift/fake-server';

/** Inbound frames a client sent: JSON-RPC messages and bodiless HTTP requests (GET/DELETE). */
export function requestFrames(frames: readonly TranscriptFrame[]): TranscriptFrame[] {
  return frames.filter(
    (frame) => frame.direction === 'in' && frame.kind === 'message' && frame.note === undefined,
  );
}

/** One JSON-RPC request or notification a client sent. */
export interface SentMessage {
  frame: TranscriptFrame;
  method: string;
  /** For `tools/call`: the tool. */
  tool?: string;
}

/** The JSON-RPC requests and notifications among `frames`, with their method and, for `tools/call`, tool. */
export function sentMessages(frames: readonly TranscriptFrame[]): SentMessage[] {
  const out: SentMessage[] = [];
  for (const frame of requestFrames(frames)) {
    const message = frame.message as { method?: unknown; params?: { name?: unknown } } | undefined;
    if (!message || typeof message.method !== 'string') continue;
    const tool =
      message.method === 'tools/call' && typeof message.params?.name === 'string'
        ? message.params.name
        : undefined;
    out.push({ frame, method: message.method, ...(tool !== undefined ? { tool } : {}) });
  }
  return out;
}
