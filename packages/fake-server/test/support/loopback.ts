import {
  Client,
  StreamableHTTPClientTransport,
  type StreamableHTTPClientTransportOptions,
} from '@modelcontextprotocol/client';
import { afterEach, expect } from 'vitest';
import { type HttpTransport, startHttpTransport } from '../../src/http.js';
import {
  createFakeServer,
  type FakeServer,
  type FakeServerOptions,
  type ScriptDocument,
} from '../../src/index.js';
import { SpecFrameValidator } from './spec-frame-validator.js';

/** A fake server served over loopback HTTP for one test. */
export interface Loopback {
  server: FakeServer;
  http: HttpTransport;
  url: string;
}

/** Options for {@link LoopbackFixture.start}. */
export interface StartOptions extends FakeServerOptions {
  /**
   * The test deliberately makes the server break the spec (a violation mode or a fault), so its
   * frames are not checked against the spec schema at teardown. Runs with a fault step are skipped
   * automatically.
   */
  violations?: boolean;
}

/** Starts servers and SDK clients, and tears them down (checking well-behavedness) after each test. */
export interface LoopbackFixture {
  start(script: ScriptDocument, options?: StartOptions): Promise<Loopback>;
  /** An official SDK 2.4.0 client connected in the legacy (`initialize`) or modern (`server/discover`) era. */
  connect(url: string, era: 'legacy' | 'modern', options?: ConnectOptions): Promise<Client>;
}

/** Options for {@link LoopbackFixture.connect}. */
export interface ConnectOptions {
  transport?: StreamableHTTPClientTransportOptions;
  client?: ConstructorParameters<typeof Client>[1];
}

const validator = new SpecFrameValidator();

/**
 * Registers an `afterEach` that closes every client and server the test started and asserts that,
 * unless the run injected a fault or declared `violations`, every frame the server sent validates
 * against the spec schema of its era (the well-behaved-by-default rule).
 */
export function useLoopback(): LoopbackFixture {
  const started: Array<{ loopback: Loopback; check: boolean }> = [];
  const clients: Client[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close().catch(() => undefined);
    for (const { loopback, check } of started.splice(0)) {
      await loopback.http.close('drop');
      const faulted = loopback.server.transcript.frames.some((frame) => frame.fault !== undefined);
      if (check && !faulted) expect(validator.check(loopback.server.transcript.frames)).toEqual([]);
    }
  });
  return {
    async start(script, options = {}) {
      const server = createFakeServer(script, options);
      const http = await startHttpTransport(server);
      const loopback = { server, http, url: http.url };
      started.push({ loopback, check: !options.violations });
      return loopback;
    },
    async connect(url, era, options = {}) {
      const client = new Client(
        { name: 'toolshift-test', version: '1.0.0' },
        { ...(era === 'modern' ? { versionNegotiation: { mode: 'auto' as const } } : {}), ...options.client },
      );
      await client.connect(new StreamableHTTPClientTransport(new URL(url), options.transport));
      clients.push(client);
      return client;
    },
  };
}

/** The `_meta` envelope every modern request carries. */
export const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'raw-fetch', version: '1.0.0' },
};

/** A raw HTTP exchange: status, lower-cased headers and the body (parsed when JSON). */
export interface RawReply {
  status: number;
  headers: Headers;
  text: string;
  json: Record<string, unknown> | undefined;
}

async function reply(response: Response): Promise<RawReply> {
  const text = await response.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** POSTs one modern request with the standard headers (`Mcp-Method`, `Mcp-Name` from `name` or a read's `uri`, version). */
export async function postModern(
  url: string,
  id: string | number,
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<RawReply> {
  const mirrored = method === 'resources/read' ? params.uri : params.name;
  const name: Record<string, string> = typeof mirrored === 'string' ? { 'mcp-name': mirrored } : {};
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...name,
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: MODERN_META } }),
  });
  return reply(response);
}

/** A legacy session opened with raw fetch: `initialize` + `notifications/initialized`. */
export interface LegacySessionHandle {
  sessionId: string;
  post(message: Record<string, unknown>, headers?: Record<string, string>): Promise<RawReply>;
  request(id: number, method: string, params?: Record<string, unknown>): Promise<RawReply>;
  /** Opens the standalone GET SSE stream. */
  openGet(headers?: Record<string, string>): Promise<SseReader>;
}

/** Opens a legacy session with raw fetch. */
export async function openLegacySession(
  url: string,
  headers: Record<string, string> = {},
): Promise<LegacySessionHandle> {
  const base = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    ...headers,
  };
  const init = await fetch(url, {
    method: 'POST',
    headers: base,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  });
  const sessionId = init.headers.get('mcp-session-id');
  await init.text();
  if (!sessionId) throw new Error(`initialize gave no session id (HTTP ${init.status})`);
  const sessionHeaders = { ...base, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' };
  const post = async (message: Record<string, unknown>, extra: Record<string, string> = {}) =>
    reply(
      await fetch(url, {
        method: 'POST',
        headers: { ...sessionHeaders, ...extra },
        body: JSON.stringify(message),
      }),
    );
  await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return {
    sessionId,
    post,
    request: (id, method, params) => post({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) }),
    openGet: (extra = {}) =>
      openSse(url, { method: 'GET', headers: { ...sessionHeaders, accept: 'text/event-stream', ...extra } }),
  };
}

/** One parsed Server-Sent Event. */
export interface SseEvent {
  id?: string;
  retry?: number;
  data: string;
}

/** Reads an SSE response event by event. */
export interface SseReader {
  status: number;
  headers: Headers;
  /** Events received so far. */
  readonly events: SseEvent[];
  /** Resolves with the next event; rejects with `Error('stream ended')` when the stream ends first. */
  next(timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the stream ends: `end` (server closed cleanly) or `error` (reset mid-stream). */
  readonly ended: Promise<'end' | 'error'>;
  /** Bytes after the last complete event (an unterminated frame). */
  readonly pending: string;
  close(): void;
}

/** Sends a request and reads its response as an SSE stream. */
export async function openSse(url: string, init: RequestInit): Promise<SseReader> {
  const controller = new AbortController();
  const response = await fetch(url, { ...init, signal: controller.signal });
  const events: SseEvent[] = [];
  const waiters: Array<() => void> = [];
  let buffer = '';
  let done = false;
  const wake = () => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  const ended = (async (): Promise<'end' | 'error'> => {
    if (!response.body) return 'end';
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) return 'end';
        buffer += value;
        for (let index = buffer.indexOf('\n\n'); index >= 0; index = buffer.indexOf('\n\n')) {
          events.push(parseEvent(buffer.slice(0, index)));
          buffer = buffer.slice(index + 2);
        }
        wake();
      }
    } catch {
      return 'error';
    } finally {
      done = true;
      wake();
    }
  })();
  let cursor = 0;
  return {
    status: response.status,
    headers: response.headers,
    events,
    ended,
    get pending() {
      return buffer;
    },
    async next(timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (cursor >= events.length) {
        if (done) throw new Error('stream ended');
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new Error('timed out waiting for an SSE event');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, remaining);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return events[cursor++] as SseEvent;
    },
    close: () => controller.abort(),
  };
}

function parseEvent(block: string): SseEvent {
  const event: SseEvent = { data: '' };
  const data: string[] = [];
  for (const line of block.split('\n')) {
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') event.id = value;
    else if (field === 'retry') event.retry = Number(value);
    else if (field === 'data') data.push(value);
  }
  event.data = data.join('\n');
  return event;
}

/** Parses an SSE event's data as a JSON-RPC message. */
export function messageOf(event: SseEvent): Record<string, unknown> {
  return JSON.parse(event.data) as Record<string, unknown>;
}

/** The `result` of a raw JSON-RPC reply; throws (failing the test) when the reply is not a result. */
export function resultOf<T = Record<string, unknown>>(reply: RawReply): T {
  const result = reply.json?.result;
  if (result === undefined)
    throw new Error(`expected a JSON-RPC result, got HTTP ${reply.status}: ${reply.text.slice(0, 200)}`);
  return result as T;
}
