import type { StreamEvent } from '../exchange/event-stream.js';

/**
 * Formats one Server-Sent Event as text: `id:`, `retry:`, one `data:` line per line of data, then
 * the blank line that ends the event. An `unterminated` event (the `truncatedSseFrame` fault) stops
 * in the middle of its data, with no closing newline. Shared by the HTTP and msw transports.
 */
export function sseEventText(event: StreamEvent): string {
  let text = '';
  if (event.eventId !== undefined) text += `id: ${event.eventId}\n`;
  if (event.retryMs !== undefined) text += `retry: ${event.retryMs}\n`;
  if (event.unterminated) return `${text}data: ${event.data}`;
  for (const line of event.data.split('\n')) text += `data: ${line}\n`;
  return `${text}\n`;
}
