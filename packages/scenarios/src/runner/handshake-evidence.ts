import type { FrameRef } from '@toolshift/assertions';
import type { TranscriptFrame } from '@toolshift/fake-server';

/** Requests whose successful answer shows a working connection (a modern client may list without `server/discover`). */
const CONNECTING_METHODS = new Set(['initialize', 'server/discover', 'tools/list']);

type Message = { id?: unknown; method?: unknown; result?: unknown };

/**
 * The frames after `afterSeq` that prove the client's connection worked: a successful answer to its
 * `initialize` followed by its `notifications/initialized` (2025-11-25), or a successful answer to
 * its `server/discover` or `tools/list` (2026-07-28). Undefined when the transcript shows no working
 * connection. The runner uses it to tell a failed connection from a failure after connecting.
 */
export function handshakeEvidence(
  frames: readonly TranscriptFrame[],
  afterSeq: number,
): FrameRef[] | undefined {
  const window = frames.filter((frame) => frame.seq > afterSeq && frame.kind === 'message');
  const requests = new Map<string, { method: string; frame: TranscriptFrame }>();
  for (const frame of window) {
    const message = frame.message as Message | undefined;
    if (!message) continue;
    if (frame.direction === 'in' && typeof message.method === 'string' && message.id !== undefined) {
      if (CONNECTING_METHODS.has(message.method))
        requests.set(JSON.stringify(message.id), { method: message.method, frame });
      continue;
    }
    if (frame.direction !== 'out' || message.result === undefined || message.id === undefined) continue;
    const request = requests.get(JSON.stringify(message.id));
    if (!request) continue;
    const answered: FrameRef[] = [
      { seq: request.frame.seq, note: `${request.method} request` },
      { seq: frame.seq, note: `${request.method} answered` },
    ];
    if (request.method !== 'initialize') return answered;
    const initialized = window.find(
      (later) =>
        later.seq > frame.seq &&
        later.direction === 'in' &&
        (later.message as Message | undefined)?.method === 'notifications/initialized',
    );
    if (initialized) return [...answered, { seq: initialized.seq, note: 'notifications/initialized' }];
  }
  return undefined;
}
