/** `awaitId` of a probe whose first message of any kind ends the wait (a listen stream's acknowledgement). */
export const FIRST_MESSAGE = Symbol('first message');

/** What a probe sends, and which servers and transports it goes to. */
export interface Probe {
  /** Stable id, `<era>.<name>`: the row of docs/parity.md. */
  id: string;
  era: 'legacy' | 'modern';
  /** `dual`: servers speaking both eras; `legacy-only`: servers speaking 2025-11-25 alone. */
  group: 'dual' | 'legacy-only';
  /** What is sent, in words (the table's first column). */
  title: string;
  transports: ReadonlyArray<'http' | 'stdio'>;
  /**
   * The legacy session the probe needs first: `initialized` (initialize, then the initialized
   * notification), `initialize` (initialize only), or none (the probe is the first message).
   */
  session?: 'initialized' | 'initialize';
  /** On stdio: runs in a server process of its own (it opens the session, or may break it). */
  fresh?: boolean;
  request: ProbeRequest;
  /** What of a result is compared besides its presence (tool names, a version, `isError`). */
  fact?: (result: Record<string, unknown>, raw: string) => string;
}

/** The message (and, over HTTP, the request around it) a probe sends. */
export interface ProbeRequest {
  httpMethod?: 'POST' | 'GET' | 'DELETE';
  /** A JSON value (a message or a batch), or `raw` text. */
  body?: unknown;
  raw?: string;
  /** HTTP headers replacing the era's defaults; `null` removes one. */
  headers?: Record<string, string | null>;
  /** HTTP: send this session id instead of the probe's own (e.g. an unknown one). */
  sessionId?: string;
  /** The id whose answer ends the wait (default: the body's `id`); `null`: no answer is expected. */
  awaitId?: string | number | null | typeof FIRST_MESSAGE;
}

/** What came back, reduced to what is compared. */
export interface Observed {
  /** HTTP status; absent on stdio. */
  status?: number;
  /** `result`, `error`, an HTTP body that is no JSON-RPC (`empty`, `text`), an open SSE `stream`, or nothing (`no answer`). */
  kind: 'result' | 'error' | 'empty' | 'text' | 'stream' | 'no answer';
  /** JSON-RPC error code. */
  code?: number;
  /** The probe's fact about a result. */
  fact?: string;
  /** `json` or `sse` (shown, never compared: both are allowed, §5.1/§5.2). */
  media?: 'json' | 'sse';
  /** The transport it came over. */
  over?: 'http' | 'stdio';
}

/** An observed answer as a table cell: `404 · -32601`, `200 · result (echo, add)`, `stdio · no answer`. */
export function cell(observed: Observed | undefined): string {
  if (!observed) return 'n/a';
  const head =
    observed.status !== undefined ? String(observed.status) : observed.over === 'http' ? 'HTTP' : 'stdio';
  const body =
    observed.kind === 'error'
      ? `${observed.code}`
      : observed.kind === 'result'
        ? `result${observed.fact ? ` (${observed.fact})` : ''}`
        : observed.kind === 'stream'
          ? `stream${observed.fact ? ` (${observed.fact})` : ''}`
          : observed.kind;
  return `${head} · ${body}`;
}
