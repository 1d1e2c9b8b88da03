import type { ServerStream } from '../transcript/recorder.js';
import type { StreamHistory } from '../world/stream-history.js';
import type { AnswerPayload } from './era.js';

/**
 * Writes a request's answer on its own SSE response stream and ends it: the message (graceful
 * end), text that is not JSON (`malformedJson` fault), or an event cut in the middle followed by a
 * connection reset (`truncatedSseFrame` fault), or nothing before a reset (`dropStream`). With a history (legacy event ids), the answer gets the
 * stream's next event id and is kept, so a `Last-Event-ID` resumption can replay it in full.
 */
export function writeStreamAnswer(
  stream: ServerStream,
  history: StreamHistory | undefined,
  payload: AnswerPayload,
): void {
  if (history) history.answered = true;
  switch (payload.kind) {
    case 'message':
      stream.send(payload.message, history?.append(payload.message));
      stream.end('graceful');
      return;
    case 'raw':
      stream.sendRaw(payload.text, undefined, { fault: 'malformedJson' });
      stream.end('graceful');
      return;
    case 'truncated':
      stream.sendRaw(payload.text, history?.append(payload.message), {
        unterminated: true,
        fault: 'truncatedSseFrame',
      });
      stream.end('drop');
      return;
    case 'dropped':
      history?.append(payload.message);
      stream.end('drop');
  }
}
