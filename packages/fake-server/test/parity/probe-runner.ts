import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { createParser } from 'eventsource-parser';
import { FIRST_MESSAGE, type Observed, type Probe, type ProbeRequest } from './parity-probe.js';

const LEGACY = '2025-11-25';
const MODERN = '2026-07-28';
/** How long an answer may take, ms of wall time (a server process's first answer includes its start). */
const ANSWER_MS = 15_000;
/** How long a probe that expects no answer waits for one anyway, ms. */
const SILENCE_MS = 800;
/** How long a GET stream is watched for a first event, ms. */
const STREAM_MS = 600;

type Message = { id?: unknown; method?: string; result?: Record<string, unknown>; error?: { code?: number } };

/** A message and the exact text it came in. */
interface Received {
  message: Message;
  raw: string;
}

/** A legacy session opened for a probe (over HTTP, its id and revision). */
interface HttpSession {
  id?: string;
  protocolVersion: string;
}

function bodyText(request: ProbeRequest): string | undefined {
  if (request.raw !== undefined) return request.raw;
  return request.body === undefined ? undefined : JSON.stringify(request.body);
}

function awaitedId(request: ProbeRequest): unknown {
  if (request.awaitId !== undefined) return request.awaitId;
  return (request.body as Message | undefined)?.id;
}

/** Reduces one received message to what the table compares. */
function observe(
  probe: Probe,
  received: Received | undefined,
  status?: number,
  media?: Observed['media'],
): Observed {
  const base = { ...(status !== undefined ? { status } : {}), ...(media ? { media } : {}) };
  if (!received) return { ...base, kind: status === undefined ? 'no answer' : 'empty' };
  const { message, raw } = received;
  if (message.error)
    return {
      ...base,
      kind: 'error',
      ...(typeof message.error.code === 'number' ? { code: message.error.code } : {}),
    };
  if (message.method !== undefined) return { ...base, kind: 'stream', fact: message.method };
  if (message.result !== undefined) {
    const fact = probe.fact?.(message.result, raw);
    return { ...base, kind: 'result', ...(fact !== undefined ? { fact } : {}) };
  }
  return { ...base, kind: 'text' };
}

function matches(request: ProbeRequest, message: Message): boolean {
  const wanted = awaitedId(request);
  if (wanted === FIRST_MESSAGE) return true;
  if (wanted === null) return 'error' in message || 'result' in message;
  return message.id === wanted && ('result' in message || 'error' in message);
}

/**
 * Sends one probe to a Streamable HTTP endpoint (opening the legacy session it needs first) and
 * observes the answer: status, JSON or SSE, the JSON-RPC result or error.
 */
export async function probeHttp(url: string, probe: Probe): Promise<Observed> {
  let session: HttpSession | undefined;
  if (probe.session) {
    session = await openHttpSession(url, probe.session === 'initialized');
  }
  const request = probe.request;
  const method = request.httpMethod ?? 'POST';
  const headers: Record<string, string> = {
    accept: method === 'POST' ? 'application/json, text/event-stream' : 'text/event-stream',
  };
  if (method === 'POST') headers['content-type'] = 'application/json';
  if (probe.era === 'modern') {
    headers['mcp-protocol-version'] = MODERN;
    const body = request.body as Message | undefined;
    if (body && !Array.isArray(body) && typeof body.method === 'string') headers['mcp-method'] = body.method;
  } else if (session) {
    headers['mcp-protocol-version'] = session.protocolVersion;
  }
  const sessionId = request.sessionId ?? session?.id;
  if (sessionId !== undefined && probe.era === 'legacy') headers['mcp-session-id'] = sessionId;
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (value === null) delete headers[name];
    else headers[name] = value;
  }
  const controller = new AbortController();
  // A GET stream's headers come at once, or the server holds them back until its first event.
  const timer = setTimeout(() => controller.abort(), method === 'GET' ? STREAM_MS * 5 : ANSWER_MS);
  try {
    const body = method === 'POST' ? bodyText(request) : undefined;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        ...(body !== undefined ? { body } : {}),
        signal: controller.signal,
      });
    } catch {
      return { kind: 'no answer', over: 'http' };
    }
    const type = response.headers.get('content-type') ?? '';
    if (type.startsWith('text/event-stream')) {
      const received = await readSse(response, request, method === 'GET' ? STREAM_MS : ANSWER_MS);
      controller.abort();
      if (!received && method === 'GET' && response.status === 200)
        return { status: 200, kind: 'stream', media: 'sse' };
      return observe(probe, received, response.status, 'sse');
    }
    const text = await response.text();
    if (text.trim() === '') return { status: response.status, kind: 'empty' };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { status: response.status, kind: 'text' };
    }
    const messages = (Array.isArray(parsed) ? parsed : [parsed]) as Message[];
    const message = messages.find((each) => matches(request, each)) ?? messages[0];
    if (!message || typeof message !== 'object') return { status: response.status, kind: 'text' };
    return observe(probe, { message, raw: text }, response.status, 'json');
  } finally {
    clearTimeout(timer);
    if (session?.id) {
      // End the probe's session (a refusal is fine: some servers have no DELETE).
      await fetch(url, {
        method: 'DELETE',
        headers: { 'mcp-session-id': session.id, 'mcp-protocol-version': session.protocolVersion },
      }).catch(() => undefined);
    }
  }
}

async function openHttpSession(url: string, initialized: boolean): Promise<HttpSession> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 'parity-init',
      method: 'initialize',
      params: {
        protocolVersion: LEGACY,
        capabilities: {},
        clientInfo: { name: 'toolshift-parity', version: '1.0.0' },
      },
    }),
    signal: AbortSignal.timeout(ANSWER_MS),
  });
  const id = response.headers.get('mcp-session-id') ?? undefined;
  const type = response.headers.get('content-type') ?? '';
  const request: ProbeRequest = { awaitId: 'parity-init' };
  const received = type.startsWith('text/event-stream')
    ? await readSse(response, request, ANSWER_MS)
    : { message: (await response.json()) as Message, raw: '' };
  const protocolVersion = String(received?.message.result?.protocolVersion ?? LEGACY);
  const session: HttpSession = { protocolVersion, ...(id !== undefined ? { id } : {}) };
  if (initialized) {
    await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': protocolVersion,
        ...(id !== undefined ? { 'mcp-session-id': id } : {}),
      },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      signal: AbortSignal.timeout(ANSWER_MS),
    }).then((r) => r.text());
  }
  return session;
}

/** Reads an SSE body until the awaited answer (or the first message), its end, or `limitMs`. */
async function readSse(
  response: Response,
  request: ProbeRequest,
  limitMs: number,
): Promise<Received | undefined> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let found: Received | undefined;
  const parser = createParser({
    onEvent: (event) => {
      if (found || event.data === '') return;
      try {
        const message = JSON.parse(event.data) as Message;
        if (matches(request, message)) found = { message, raw: event.data };
      } catch {
        // not JSON: ignored
      }
    },
  });
  const deadline = Date.now() + limitMs;
  try {
    while (!found) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), left)),
      ]);
      if (chunk === 'timeout' || chunk.done) break;
      parser.feed(chunk.value);
    }
  } catch {
    // the stream was cut
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return found;
}

/**
 * A server process on stdio for probes: newline-delimited JSON-RPC both ways. A shared process
 * holds one session (legacy: initialized once) and runs probes one after another.
 */
export class StdioProbeProcess {
  private readonly child: ChildProcess;
  private readonly queue: Received[] = [];
  private waiter: (() => void) | undefined;
  private exited = false;
  private nextId = 100;

  constructor(argv: readonly string[]) {
    this.child = spawn(argv[0]!, argv.slice(1), { stdio: ['pipe', 'pipe', 'ignore'], detached: true });
    this.child.on('exit', () => {
      this.exited = true;
      this.waiter?.();
    });
    this.child.stdin?.on('error', () => undefined);
    createInterface({ input: this.child.stdout! }).on('line', (line) => {
      try {
        this.queue.push({ message: JSON.parse(line) as Message, raw: line });
      } catch {
        return;
      }
      this.waiter?.();
    });
  }

  /** Opens the legacy session a probe needs. */
  async openSession(initialized: boolean): Promise<void> {
    this.write(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 'parity-init',
        method: 'initialize',
        params: {
          protocolVersion: LEGACY,
          capabilities: {},
          clientInfo: { name: 'toolshift-parity', version: '1.0.0' },
        },
      }),
    );
    await this.next((message) => message.id === 'parity-init', ANSWER_MS);
    if (initialized) this.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  }

  /** Sends one probe and observes its answer (a shared process renumbers a plain numeric id). */
  async probe(probe: Probe, shared: boolean): Promise<Observed> {
    // Whatever an earlier probe left unread (late notifications) is not this probe's answer.
    this.queue.length = 0;
    let request = probe.request;
    const body = request.body as Message | undefined;
    if (shared && body && !Array.isArray(body) && typeof body.id === 'number' && request.raw === undefined) {
      const id = this.nextId++;
      request = {
        ...request,
        body: { ...body, id },
        ...(request.awaitId === undefined ? {} : { awaitId: request.awaitId }),
      };
    }
    const text = bodyText(request);
    if (text !== undefined) this.write(text);
    const expectsNone = awaitedId(request) === null;
    const received = await this.next(
      (message) => matches(request, message),
      expectsNone ? SILENCE_MS : ANSWER_MS,
    );
    return observe(probe, received);
  }

  /** Ends the process (its group). */
  close(): void {
    try {
      if (this.child.pid !== undefined) process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }

  private write(text: string): void {
    if (!this.exited) this.child.stdin?.write(`${text}\n`);
  }

  private async next(
    predicate: (message: Message) => boolean,
    limitMs: number,
  ): Promise<Received | undefined> {
    const deadline = Date.now() + limitMs;
    for (;;) {
      const index = this.queue.findIndex((received) => predicate(received.message));
      if (index >= 0) return this.queue.splice(index, 1)[0];
      const left = deadline - Date.now();
      if (left <= 0 || this.exited) return undefined;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiter = undefined;
    }
  }
}
