import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createBoundedFetch, type FetchMeter, type FetchViolation } from './bounded-fetch.js';
import type { ConnectionOptions } from './connection-options.js';
import type { ListPageReader } from './list-page-reader.js';
import { refuseInvalidSessionId } from './session-id-header.js';

/** What the connection contributes to its HTTP transport. */
export interface HttpTransportHooks {
  /** Counts the body bytes of ordinary responses (listing-wide byte caps). */
  meter: FetchMeter;
  /** Every exchange waiting for its response (added and removed here), so a close can abort them. */
  exchanges: Set<AbortController>;
  /** Reads `tools/list` pages itself. */
  pageReader: ListPageReader;
  /** The bounded fetch cut a response. */
  onViolation(violation: FetchViolation): void;
  /** Every response's status, before its body is read (session loss, a reopened GET stream). */
  onResponse(init: RequestInit | undefined, status: number): void;
  /** The SDK wants to reconnect the legacy GET stream after `delayMs`; returns how to cancel that. */
  onReconnect(reconnect: () => void, delayMs: number): (() => void) | undefined;
}

/**
 * The SDK's Streamable HTTP transport for one connection, on the client's own fetch path: every
 * response bounded (bytes, time), every exchange abortable by the connection, session ids
 * refused unless visible ASCII, `tools/list` pages read by the page reader, credentials (a bearer
 * token or OAuth) and a resumed legacy session passed to the SDK, and the legacy GET stream's
 * reconnects left to the host.
 */
export function createHttpTransport(
  url: URL,
  options: ConnectionOptions,
  resume: ConnectionOptions['resume'],
  hooks: HttpTransportHooks,
): StreamableHTTPClientTransport {
  const token = options.bearerToken;
  const bounded = createBoundedFetch(options.bounds, hooks.onViolation, hooks.meter);
  return new StreamableHTTPClientTransport(url, {
    fetch: async (target, init) => {
      // Each exchange gets a signal of our own combined with the caller's, so a close whose budget
      // ran out can abort what is still waiting for an answer (see abandon). AbortSignal.any holds
      // the caller's signal without adding a listener to it: the SDK passes one signal to every
      // request of a transport, and a listener per request would pile up on it for the
      // connection's lifetime.
      const exchange = new AbortController();
      hooks.exchanges.add(exchange);
      const signal = init?.signal ? AbortSignal.any([init.signal, exchange.signal]) : exchange.signal;
      try {
        const response = await bounded(target, { ...init, signal });
        hooks.onResponse(init, response.status);
        return await hooks.pageReader.read(init, await refuseInvalidSessionId(response));
      } finally {
        hooks.exchanges.delete(exchange);
      }
    },
    ...(options.authProvider
      ? { authProvider: options.authProvider }
      : token !== undefined
        ? { authProvider: { token: async () => token } }
        : {}),
    ...(resume ? { sessionId: resume.sessionId, protocolVersion: resume.protocolRevision } : {}),
    reconnectionOptions: {
      initialReconnectionDelay: 1_000,
      maxReconnectionDelay: 30_000,
      reconnectionDelayGrowFactor: 2,
      maxRetries: 5,
    },
    reconnectionScheduler: hooks.onReconnect,
  });
}
