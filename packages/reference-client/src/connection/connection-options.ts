import type { Implementation, OAuthClientProvider } from '@modelcontextprotocol/client';
import type { ListKind } from '../discovery-machine/list-kind.js';
import type { StreamEndCause } from '../discovery-machine/machine-event.js';
import type { HostClock } from '../freshness/host-clock.js';
import type { FetchBounds, FetchViolation } from './bounded-fetch.js';
import type { EraPreference } from './era-preference.js';
import type { ServerEndpoint } from './server-endpoint.js';
import type { StdioBounds } from './stdio-process-transport.js';

/** How to reach and talk to one server. */
export interface ConnectionOptions {
  endpoint: ServerEndpoint;
  /** The host's clock, for the bound on the legacy DELETE at `close` (default: the system clock). */
  clock?: HostClock;
  era: EraPreference;
  /**
   * Longest wait for the answer to the `server/discover` probe (`era: 'auto'`), ms. A probe that
   * times out, or is answered with an HTTP error or an unusable reply, falls back to `initialize`
   * on a fresh transport (a new process for stdio: a server that died on the probe is never
   * written to again).
   */
  probeTimeoutMs: number;
  /** Bounds of a stdio server process. */
  stdio: StdioBounds;
  clientInfo: Implementation;
  /** Sent as `Authorization: Bearer …` on every request. Never logged or used as a key. */
  bearerToken?: string;
  /** OAuth through the SDK (instead of `bearerToken`). */
  authProvider?: OAuthClientProvider;
  /** Per-request timeout, ms (also the `server/discover` probe and the listen ack timeout). */
  requestTimeoutMs: number;
  bounds: FetchBounds;
  /** The lists whose change notifications are routed to {@link onListChanged}. */
  lists: readonly ListKind[];
  /** Called for every `notifications/<list>/list_changed` (legacy unsolicited, or on a modern listen stream). */
  onListChanged: (list: ListKind) => void;
  /** Called when the bounded fetch cuts a response short. */
  onViolation: (violation: FetchViolation) => void;
  /**
   * Called when the legacy GET stream ended and wants to reconnect: call {@link reopenStream} when
   * the backoff allows. `suggestedDelayMs` is the SDK's (or the server's SSE `retry`) delay.
   */
  onStreamEnded: (cause: StreamEndCause, suggestedDelayMs: number) => void;
  /** Called when the legacy standalone GET stream is lost and the SDK gives up reopening it. */
  onStreamLost: () => void;
  /** Called when the legacy GET stream opens again after it ended: notifications may have been missed. */
  onStreamReopened: () => void;
  /** Called once when the server answers HTTP 404 to a request carrying the legacy session id. */
  onSessionLost: () => void;
  /**
   * A stored legacy HTTP session to resume instead of `initialize` (cold start): its id, revision
   * and the capabilities its `initialize` result advertised. A server that forgot it answers 404,
   * which is `onSessionLost` / a `session-lost` failure like any other.
   */
  resume?: {
    sessionId: string;
    protocolRevision: string;
    capabilities: Record<string, unknown>;
    serverInfo?: Implementation;
  };
  /**
   * Called once when the connection ended without the host closing it: a stdio process exited, an
   * in-memory peer closed. `detail` says how (exit code, signal).
   */
  onClosed: (detail: string) => void;
  /**
   * Whether a `tools/list` result digest belongs to a page the listing can reuse (HTTP only): such
   * a page is handed to {@link ServerConnection.listPage}'s caller as an undecoded `FramedPage`.
   */
  isKnownPage?: (digest: string) => boolean;
}
