import type { Writable } from 'node:stream';
import type { StreamEvent } from '../../exchange/event-stream.js';

/**
 * Writes one Server-Sent Event (`id:`, `retry:`, one `data:` line per line of data, blank line); an
 * `unterminated` event (a fault) stops in the middle of its data, with no closing newline.
 */
export function writeSseEvent(out: Writable, event: StreamEvent): void {
  let text = '';
  if (event.eventId !== undefined) text += `id: ${event.eventId}\n`;
  if (event.retryMs !== undefined) text += `retry: ${event.retryMs}\n`;
  if (event.unterminated) {
    out.write(`${text}data: ${event.data}`);
    return;
  }
  for (const line of event.data.split('\n')) text += `data: ${line}\n`;
  out.write(`${text}\n`);
}
