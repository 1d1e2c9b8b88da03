import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { answerMswRequest } from '../transports/serve-msw.js';
import type { FromClientProcess, ToClientProcess } from './client-process-protocol.js';

/** Statuses whose fetch `Response` has no body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * The runner's end of one cell's traffic that a client process cannot carry by itself: in-memory
 * channels (the client process opens a channel to an endpoint; the runner opens the real in-memory
 * connection to its fake server and relays messages both ways) and msw requests (the client process
 * intercepts them and forwards each; the runner answers it with the fake server's msw handlers and
 * streams the body back). The fake server records every frame here, in the runner.
 */
export class RemoteEndpoints {
  private readonly endpoints: Array<() => Transport> = [];
  private readonly channels = new Map<number, Transport>();
  private readonly requests = new Map<
    number,
    { abort: AbortController; reader?: ReadableStreamDefaultReader }
  >();

  constructor(
    private readonly post: (message: ToClientProcess) => void,
    /** Told when the client process sends something that makes no sense (a harness warning). */
    private readonly warn: (text: string) => void,
  ) {}

  /** Registers an in-memory target's `connect` and returns its endpoint number. */
  endpoint(connect: () => Transport): number {
    this.endpoints.push(connect);
    return this.endpoints.length - 1;
  }

  /** Handles a channel or msw message of the cell's client process (already checked for shape). */
  receive(
    message: Extract<
      FromClientProcess,
      { type: 'channel-open' | 'channel-send' | 'channel-close' | 'msw-request' | 'msw-abort' }
    >,
  ): void {
    switch (message.type) {
      case 'channel-open':
        void this.open(message.channel, message.endpoint);
        return;
      case 'channel-send': {
        const channel = this.channels.get(message.channel);
        if (!channel) {
          this.warn(`the client process sent on channel ${message.channel}, which is not open`);
          return;
        }
        channel.send(message.message as JSONRPCMessage).catch(() => undefined);
        return;
      }
      case 'channel-close':
        this.closeChannel(message.channel);
        return;
      case 'msw-request':
        void this.answer(message);
        return;
      case 'msw-abort': {
        const request = this.requests.get(message.request);
        request?.abort.abort();
        request?.reader?.cancel().catch(() => undefined);
        this.requests.delete(message.request);
        return;
      }
    }
  }

  /** Closes every channel and abandons every request still open (the cell ended). */
  close(): void {
    for (const channel of [...this.channels.keys()]) this.closeChannel(channel);
    for (const request of this.requests.values()) {
      request.abort.abort();
      request.reader?.cancel().catch(() => undefined);
    }
    this.requests.clear();
  }

  private async open(id: number, endpoint: number): Promise<void> {
    const connect = this.endpoints[endpoint];
    if (!connect || this.channels.has(id)) {
      this.warn(
        `the client process asked for channel ${id} to endpoint ${endpoint}, which it was never given`,
      );
      this.post({ type: 'channel-closed', channel: id, error: `no endpoint ${endpoint}` });
      return;
    }
    try {
      const transport = connect();
      this.channels.set(id, transport);
      transport.onmessage = (message) => this.post({ type: 'channel-message', channel: id, message });
      transport.onerror = (error) =>
        this.post({ type: 'channel-error', channel: id, message: error.message });
      transport.onclose = () => {
        if (this.channels.delete(id)) this.post({ type: 'channel-closed', channel: id });
      };
      await transport.start();
      this.post({ type: 'channel-opened', channel: id });
    } catch (error) {
      this.channels.delete(id);
      this.post({ type: 'channel-closed', channel: id, error: (error as Error).message });
    }
  }

  private closeChannel(id: number): void {
    const channel = this.channels.get(id);
    if (!channel) return;
    this.channels.delete(id);
    channel.close().catch(() => undefined);
  }

  private async answer(message: Extract<FromClientProcess, { type: 'msw-request' }>): Promise<void> {
    const id = message.request;
    if (this.requests.has(id)) return this.warn(`the client process forwarded request ${id} twice`);
    const abort = new AbortController();
    const entry: { abort: AbortController; reader?: ReadableStreamDefaultReader } = { abort };
    this.requests.set(id, entry);
    const fail = (error: unknown) => {
      this.requests.delete(id);
      this.post({ type: 'msw-end', request: id, error: (error as Error).message ?? String(error) });
    };
    let response: Response | undefined;
    try {
      const hasBody = message.body !== undefined && message.method !== 'GET' && message.method !== 'HEAD';
      const request = new Request(message.url, {
        method: message.method,
        headers: message.headers,
        ...(hasBody ? { body: Buffer.from(message.body!, 'base64'), duplex: 'half' } : {}),
        signal: abort.signal,
      } as RequestInit);
      response = await answerMswRequest(request);
    } catch (error) {
      return fail(error);
    }
    if (!this.requests.has(id)) return;
    if (!response) {
      this.requests.delete(id);
      this.post({
        type: 'msw-response',
        request: id,
        unhandled: true,
        status: 0,
        statusText: '',
        headers: [],
      });
      return;
    }
    this.post({
      type: 'msw-response',
      request: id,
      status: response.status,
      statusText: response.statusText,
      headers: entries(response.headers),
    });
    if (!response.body || NULL_BODY.has(response.status)) {
      this.requests.delete(id);
      this.post({ type: 'msw-end', request: id });
      return;
    }
    const reader = response.body.getReader();
    entry.reader = reader;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (!this.requests.has(id)) return;
        if (done) break;
        this.post({
          type: 'msw-body',
          request: id,
          chunk: Buffer.from(value as Uint8Array).toString('base64'),
        });
      }
    } catch (error) {
      if (this.requests.has(id)) fail(error);
      return;
    }
    this.requests.delete(id);
    this.post({ type: 'msw-end', request: id });
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
