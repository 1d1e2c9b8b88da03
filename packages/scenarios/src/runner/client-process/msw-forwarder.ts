import { http, passthrough } from 'msw';
import { setupServer } from 'msw/node';
import type { FromClientProcess, ToClientProcess } from './client-process-protocol.js';

/** Statuses whose fetch `Response` has no body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

type Answer = Extract<ToClientProcess, { type: 'msw-response' | 'msw-body' | 'msw-end' }>;

interface Forwarded {
  head?(head: Extract<Answer, { type: 'msw-response' }>): void;
  controller?: ReadableStreamDefaultController<Uint8Array>;
  /** Body messages that arrived before the body stream existed. */
  early: Answer[];
}

/**
 * In a client process: msw interception of the origins of the cell's msw targets, forwarding each
 * request the client makes there to the runner (`msw-request`), where the fake server's msw handlers
 * answer it and record it; the answer's head and body come back as messages and become the
 * `Response` the client's `fetch` resolves with, streamed as it arrives (SSE included). The client
 * aborting its fetch, or cancelling the body, is forwarded (`msw-abort`). `reset()` ends a cell.
 */
export class MswForwarder {
  private interception: ReturnType<typeof setupServer> | undefined;
  private readonly origins = new Set<string>();
  private readonly forwarded = new Map<number, Forwarded>();
  private next = 0;

  constructor(private readonly post: (message: FromClientProcess) => void) {}

  /** Intercepts requests to the origin of `url` from now until {@link reset}. */
  forward(url: string): void {
    const origin = new URL(url).origin;
    if (this.origins.has(origin)) return;
    this.origins.add(origin);
    if (!this.interception) {
      this.interception = setupServer();
      this.interception.listen({ onUnhandledRequest: 'bypass' });
    }
    this.interception.use(http.all(`${origin}/*`, ({ request }) => this.relay(request)));
  }

  /** Handles the runner's answer to a forwarded request. */
  receive(message: Answer): void {
    const entry = this.forwarded.get(message.request);
    if (!entry) return;
    if (message.type === 'msw-response') {
      entry.head?.(message);
      return;
    }
    if (!entry.controller) {
      entry.early.push(message);
      return;
    }
    if (message.type === 'msw-body') entry.controller.enqueue(Buffer.from(message.chunk, 'base64'));
    else {
      this.forwarded.delete(message.request);
      if (message.error !== undefined) entry.controller.error(new TypeError(`terminated: ${message.error}`));
      else entry.controller.close();
    }
  }

  /** Stops intercepting (the cell ended) and breaks off every forwarded request still open. */
  reset(): void {
    this.origins.clear();
    this.interception?.resetHandlers();
    for (const [id, entry] of this.forwarded) {
      this.forwarded.delete(id);
      try {
        entry.controller?.error(new TypeError('terminated: the cell ended'));
      } catch {
        // already closed
      }
    }
  }

  private async relay(request: Request): Promise<Response> {
    const id = this.next++;
    const bytes =
      request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    const entry: Forwarded = { early: [] };
    this.forwarded.set(id, entry);
    const head = new Promise<Extract<Answer, { type: 'msw-response' }>>((resolve) => {
      entry.head = resolve;
    });
    const abort = () => {
      if (this.forwarded.delete(id)) this.post({ type: 'msw-abort', request: id });
    };
    request.signal.addEventListener('abort', abort, { once: true });
    this.post({
      type: 'msw-request',
      request: id,
      url: request.url,
      method: request.method,
      headers: entries(request.headers),
      ...(bytes && bytes.byteLength > 0 ? { body: Buffer.from(bytes).toString('base64') } : {}),
    });
    const answer = await Promise.race([
      head,
      new Promise<undefined>((resolve) => request.signal.addEventListener('abort', () => resolve(undefined))),
    ]);
    if (!answer) throw new TypeError('the request was aborted');
    if (answer.unhandled) {
      this.forwarded.delete(id);
      return passthrough();
    }
    const hasBody = !NULL_BODY.has(answer.status) && request.method !== 'HEAD';
    const body = hasBody
      ? new ReadableStream<Uint8Array>({
          start: (controller) => {
            entry.controller = controller;
            for (const early of entry.early.splice(0)) this.receive(early);
          },
          cancel: abort,
        })
      : null;
    if (!hasBody) this.forwarded.delete(id);
    return new Response(body, {
      status: answer.status,
      statusText: answer.statusText,
      headers: answer.headers,
    });
  }
}

/** A fetch `Headers`'s name/value pairs, in order. */
function entries(headers: Headers): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  headers.forEach((value, name) => {
    pairs.push([name, value]);
  });
  return pairs;
}
