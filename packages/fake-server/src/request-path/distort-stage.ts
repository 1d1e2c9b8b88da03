import { sseHeaders } from '../eras/responses.js';
import { writeStreamAnswer } from '../eras/stream-answer.js';
import { distortMessage, distortsMessage } from '../faults/distort-message.js';
import type { Exchange } from './exchange.js';
import type { ServerParts } from './server-parts.js';

/**
 * Distort: applies a message-distorting fault (`malformedJson`, `wrongId`, `oversizeBody`,
 * `truncatedSseFrame`, `dropStream`) to the answer. An answer due on its own SSE stream becomes the
 * payload to write there; a JSON answer becomes the distorted body, or (for a cut frame or a
 * dropped stream) an SSE response carrying the cut frame, or nothing, before the connection resets.
 * A fault that cannot apply to this kind of answer is noted and the answer is sent as is.
 */
export function distortStage(exchange: Exchange, server: ServerParts): void {
  const fault = exchange.fault?.fault;
  const distorting = fault && distortsMessage(fault) ? fault : undefined;
  const deferred = exchange.outcome?.deferred;
  if (deferred) {
    exchange.payload = distortMessage(deferred.message, distorting);
    return;
  }
  const response = exchange.response;
  if (!distorting || !response) return;
  if (response.reply.kind !== 'message') {
    server.recorder.note(
      `fault '${distorting.kind}' does not apply to this kind of answer; sent as is`,
      exchange.frame,
    );
    return;
  }
  const payload = distortMessage(response.reply.message, distorting);
  exchange.frame = { ...exchange.frame, fault: distorting.kind };
  if (payload.kind === 'truncated' || payload.kind === 'dropped') {
    const stream = server.recorder.openStream(exchange.frame);
    writeStreamAnswer(stream, undefined, payload);
    exchange.recorded = true;
    exchange.response = {
      status: 200,
      headers: { ...response.headers, ...sseHeaders() },
      reply: { kind: 'stream', stream: stream.stream },
    };
    return;
  }
  exchange.response =
    payload.kind === 'raw'
      ? { ...response, reply: { kind: 'raw', contentType: 'application/json', body: payload.text } }
      : { ...response, reply: { kind: 'message', message: payload.message } };
}
