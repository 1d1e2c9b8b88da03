import http from 'node:http';
import https from 'node:https';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { createParser } from 'eventsource-parser';
import {
  isResponse,
  messageId,
  type UpstreamChannel,
  UpstreamError,
  type UpstreamReply,
  type UpstreamSendOptions,
  type UpstreamStream,
} from './upstream-channel.js';

const DEFAULT_TIMEOUT_MS = 30_000;
/** The most a reply body may hold before the upstream is treated as broken (bytes). */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

/**
 * A channel to a Streamable HTTP endpoint (either era): every message is its own POST on a
 * keep-alive connection pool; a JSON or SSE answer is read until the response to the request
 * arrives. Sessions travel in `Mcp-Session-Id` per call, so one channel serves every session.
 */
export class HttpUpstreamChannel implements UpstreamChannel {
  readonly kind = 'http' as const;
  private readonly url: URL;
  private readonly agent: http.Agent;
  private readonly open = new Set<http.ClientRequest>();
  private closed = false;

  constructor(
    url: string,
    private readonly headers: Record<string, string> = {},
  ) {
    this.url = new URL(url);
    const Agent = this.url.protocol === 'https:' ? https.Agent : http.Agent;
    this.agent = new Agent({ keepAlive: true, maxSockets: 64 });
  }

  send(message: JSONRPCMessage, options: UpstreamSendOptions = {}): Promise<UpstreamReply> {
    const wanted = 'method' in message ? messageId(message) : undefined;
    return new Promise((resolve, reject) => {
      let settled = false;
      const finish = (error: UpstreamError | undefined, reply?: UpstreamReply) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (error) reject(error);
        else resolve(reply!);
      };
      const request = this.post(JSON.stringify(message), options);
      const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      const timer = setTimeout(() => {
        request.destroy();
        finish(new UpstreamError(`the upstream did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      request.on('error', (error) =>
        finish(new UpstreamError(`the upstream is unreachable: ${error.message}`)),
      );
      request.on('response', (response) => {
        const status = response.statusCode ?? 0;
        const headers = flatHeaders(response.headers);
        const type = (headers['content-type'] ?? '').toLowerCase();
        if (type.startsWith('text/event-stream')) {
          const before: JSONRPCMessage[] = [];
          readEvents(response, (event) => {
            if (isResponse(event) && (wanted === undefined || messageId(event) === wanted)) {
              finish(undefined, { status, headers, before, answer: event });
              // The answer ends what this request waits for; the server ends the stream after it.
              response.resume();
            } else before.push(event);
          }).then(
            () => finish(undefined, { status, headers, before, answer: undefined }),
            (error: Error) =>
              finish(new UpstreamError(`the upstream's event stream broke: ${error.message}`)),
          );
          return;
        }
        readBody(response).then(
          (text) => {
            const reply: UpstreamReply = { status, headers, before: [], answer: undefined };
            if (text === '') return finish(undefined, reply);
            if (options.sameAs && options.sameAs.text === text)
              return finish(undefined, { ...reply, answer: options.sameAs.answer, text });
            const parsed = parseMessage(text);
            if (parsed && !Array.isArray(parsed)) finish(undefined, { ...reply, answer: parsed, text });
            else finish(undefined, { ...reply, raw: text });
          },
          (error: Error) =>
            finish(new UpstreamError(`reading the upstream's answer failed: ${error.message}`)),
        );
      });
    });
  }

  openStream(
    open: 'get' | JSONRPCMessage,
    options: UpstreamSendOptions,
    onMessage: (message: JSONRPCMessage) => void,
  ): Promise<UpstreamStream> {
    return new Promise((resolve, reject) => {
      const request = open === 'get' ? this.get(options) : this.post(JSON.stringify(open), options);
      const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      const timer = setTimeout(() => {
        request.destroy();
        reject(new UpstreamError(`the upstream did not open the stream within ${timeoutMs} ms`));
      }, timeoutMs);
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(new UpstreamError(`the upstream is unreachable: ${error.message}`));
      });
      request.on('response', (response) => {
        clearTimeout(timer);
        const status = response.statusCode ?? 0;
        const headers = flatHeaders(response.headers);
        if (status !== 200 || !(headers['content-type'] ?? '').startsWith('text/event-stream')) {
          void readBody(response).then(
            (text) =>
              reject(
                new UpstreamError(`the upstream refused the stream (HTTP ${status})`, {
                  status,
                  headers,
                  before: [],
                  answer: parseMessage(text) as JSONRPCMessage | undefined,
                  ...(text ? { raw: text } : {}),
                }),
              ),
            () => reject(new UpstreamError(`the upstream refused the stream (HTTP ${status})`)),
          );
          return;
        }
        const closed = readEvents(response, onMessage).then(
          () => undefined,
          () => undefined,
        );
        resolve({ closed, close: () => request.destroy() });
      });
    });
  }

  endSession(sessionId: string | undefined, protocolVersion: string): Promise<void> {
    if (sessionId === undefined) return Promise.resolve();
    return new Promise((resolve) => {
      const request = this.start(
        'DELETE',
        { sessionId, headers: { 'mcp-protocol-version': protocolVersion } },
        undefined,
      );
      const timer = setTimeout(() => request.destroy(), 5000);
      request.on('error', () => resolve());
      request.on('close', () => {
        clearTimeout(timer);
        resolve();
      });
      request.on('response', (response) => response.resume());
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const request of this.open) request.destroy();
    this.agent.destroy();
  }

  private post(body: string, options: UpstreamSendOptions): http.ClientRequest {
    return this.start('POST', options, body);
  }

  private get(options: UpstreamSendOptions): http.ClientRequest {
    return this.start('GET', options, undefined);
  }

  private start(method: string, options: UpstreamSendOptions, body: string | undefined): http.ClientRequest {
    const headers: Record<string, string> = {
      accept: method === 'GET' ? 'text/event-stream' : 'application/json, text/event-stream',
      ...this.headers,
      ...(options.headers ?? {}),
    };
    if (options.sessionId !== undefined) headers['mcp-session-id'] = options.sessionId;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    const transport = this.url.protocol === 'https:' ? https : http;
    const request = transport.request(this.url, { method, headers, agent: this.agent });
    if (this.closed) queueMicrotask(() => request.destroy(new Error('the channel is closed')));
    this.open.add(request);
    request.on('close', () => this.open.delete(request));
    request.end(body);
    return request;
  }
}

function flatHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function readBody(response: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        response.destroy(new Error(`the body is over ${MAX_BODY_BYTES} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    response.on('error', reject);
    response.on('aborted', () => reject(new Error('the connection was reset')));
  });
}

/** Reads an SSE body, handing each JSON-RPC message in a `data:` field to `onMessage`; resolves at its end. */
function readEvents(
  response: http.IncomingMessage,
  onMessage: (message: JSONRPCMessage) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const parser = createParser({
      onEvent: (event) => {
        if (event.data === '') return; // a priming event (legacy resumability)
        const parsed = parseMessage(event.data);
        if (parsed && !Array.isArray(parsed)) onMessage(parsed);
      },
    });
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => parser.feed(chunk));
    response.on('end', () => resolve());
    response.on('error', reject);
    response.on('aborted', () => reject(new Error('the connection was reset')));
    response.on('close', () => resolve());
  });
}

/** Parses JSON text as a JSON-RPC message (or a batch); `undefined` when it is not one. */
export function parseMessage(text: string): JSONRPCMessage | JSONRPCMessage[] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (Array.isArray(value)) return value as JSONRPCMessage[];
  if (typeof value !== 'object' || value === null || (value as { jsonrpc?: unknown }).jsonrpc !== '2.0')
    return undefined;
  return value as JSONRPCMessage;
}
