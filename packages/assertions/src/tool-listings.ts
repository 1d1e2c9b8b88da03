import type { TranscriptFrame } from '@toolshift/fake-server';

/** One `tools/list` request and the server's answer, paired by exchange (stream id) and JSON-RPC id. */
export interface ListExchange {
  request: TranscriptFrame;
  response?: TranscriptFrame;
  /** The cursor the request carried (`undefined` = page one). An empty string is a cursor. */
  cursor?: string;
  /** Tools in the answer (absent when the answer was an error or never came). */
  tools?: Array<{ name: string; inputSchema?: unknown; outputSchema?: unknown; description?: string }>;
  nextCursor?: string;
}

/** A run of pages: a page-one request and the requests that followed its cursors. */
export interface Enumeration {
  pages: ListExchange[];
  /** True when the last page's answer had no `nextCursor`. */
  complete: boolean;
  /** `seq` of the frame that completed it (the last page's response), when complete. */
  completedAtSeq?: number;
}

type Message = {
  id?: unknown;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
};

function asMessage(frame: TranscriptFrame): Message | undefined {
  return frame.message as Message | undefined;
}

/** Every `tools/list` exchange of the run, in request order. */
export function listExchanges(transcript: readonly TranscriptFrame[]): ListExchange[] {
  const open = new Map<string, ListExchange>();
  const out: ListExchange[] = [];
  for (const frame of transcript) {
    const message = asMessage(frame);
    if (!message) continue;
    if (frame.direction === 'in' && message.method === 'tools/list' && message.id !== undefined) {
      const cursor = message.params?.cursor;
      const exchange: ListExchange = { request: frame, ...(typeof cursor === 'string' ? { cursor } : {}) };
      open.set(`${frame.streamId}|${String(message.id)}`, exchange);
      out.push(exchange);
    } else if (frame.direction === 'out' && message.id !== undefined && !message.method) {
      const key = `${frame.streamId}|${String(message.id)}`;
      const exchange = open.get(key);
      if (!exchange) continue;
      open.delete(key);
      exchange.response = frame;
      const result = message.result;
      if (result && Array.isArray(result.tools)) {
        exchange.tools = result.tools as ListExchange['tools'];
        if (typeof result.nextCursor === 'string') exchange.nextCursor = result.nextCursor;
      }
    }
  }
  return out;
}

/** Groups list exchanges into enumerations: each cursor-less request starts a new one. */
export function enumerations(exchanges: readonly ListExchange[]): Enumeration[] {
  const result: Enumeration[] = [];
  let current: Enumeration | undefined;
  for (const exchange of exchanges) {
    if (exchange.cursor === undefined || !current) {
      current = { pages: [exchange], complete: false };
      result.push(current);
    } else {
      current.pages.push(exchange);
    }
    if (exchange.tools && exchange.nextCursor === undefined && exchange.response) {
      current.complete = true;
      current.completedAtSeq = exchange.response.seq;
    } else {
      current.complete = false;
      delete current.completedAtSeq;
    }
  }
  return result;
}

/** Tool names of a complete enumeration, in page order. */
export function enumerationTools(enumeration: Enumeration): NonNullable<ListExchange['tools']> {
  return enumeration.pages.flatMap((page) => page.tools ?? []);
}

/** Outbound `notifications/tools/list_changed` frames (either era). */
export function changeSignals(transcript: readonly TranscriptFrame[]): TranscriptFrame[] {
  return transcript.filter(
    (frame) => frame.direction === 'out' && asMessage(frame)?.method === 'notifications/tools/list_changed',
  );
}

/** `step` frames (server-side changes applied by the script). */
export function stepFrames(transcript: readonly TranscriptFrame[]): TranscriptFrame[] {
  return transcript.filter((frame) => frame.kind === 'step');
}
