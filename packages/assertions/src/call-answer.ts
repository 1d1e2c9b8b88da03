import type { TranscriptFrame } from '@toolshift/fake-server';
import type { Observation } from './run-record.js';

type Call = Extract<Observation, { kind: 'call' }>;
type Message = {
  id?: unknown;
  method?: string;
  params?: { name?: unknown };
  result?: unknown;
  error?: unknown;
};

/**
 * The `seq` of the server's answer to a harness call, as evidence that points at the wire: the
 * last JSON-RPC answer (result or error) to a `tools/call` naming `call.toolName`, both within the
 * call's window (after `startedAfterSeq`, up to `afterSeq`). The answer may come on another stream
 * than the request (an SSE stream resumed with `Last-Event-ID`), so request and answer are paired by
 * JSON-RPC id. `call.afterSeq` (where the client reported the outcome) when the window holds no
 * answer: a call the client refused or that never reached the server.
 *
 * Where the client reports an outcome relative to later frames depends on how fast the transport
 * delivers them (an in-process msw fetch is answered before a socket's peer reads the request), so
 * the answer frame, not `afterSeq`, is what a call verdict cites when the wire holds it.
 */
export function callAnswerSeq(transcript: readonly TranscriptFrame[], call: Call): number {
  const opensAfter = call.startedAfterSeq ?? 0;
  const asked = new Set<unknown>();
  let answeredAt: number | undefined;
  for (const frame of transcript) {
    if (frame.seq <= opensAfter) continue;
    if (frame.seq > call.afterSeq) break;
    const message = frame.message as Message | undefined;
    if (!message || message.id === undefined) continue;
    if (frame.direction === 'in' && message.method === 'tools/call' && message.params?.name === call.toolName)
      asked.add(message.id);
    else if (
      frame.direction === 'out' &&
      message.method === undefined &&
      ('result' in message || 'error' in message) &&
      asked.delete(message.id)
    )
      answeredAt = frame.seq;
  }
  return answeredAt ?? call.afterSeq;
}
