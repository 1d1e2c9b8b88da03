import type { OAuthClientProvider, Transport } from '@modelcontextprotocol/client';
import type { EraPreference } from '../connection/era-preference.js';
import type { StdioServerConfig } from '../connection/stdio-process-transport.js';
import type { ListKind } from '../discovery-machine/list-kind.js';

/**
 * When a server is discovered: `eager` lists at `addServer`; `lazy` waits until the server is
 * first needed (exposure, a call, `refresh`); `cached-with-refresh` adopts a cached snapshot for
 * this connection, credential profile and protocol revision (fresh: used as is; expired: used as
 * stale while a re-list runs in the background), and lists when there is none.
 */
export type DiscoveryStrategy = 'eager' | 'lazy' | 'cached-with-refresh';

/**
 * One server a host manages. Exactly one of `url` (Streamable HTTP), `stdio` (a local process the
 * host spawns, reaps and respawns) and `transport` (any SDK `Transport`, built anew for every
 * connection: in-memory pairs, custom channels) says where it is.
 */
export interface ServerConfig {
  /** The host's id for this server connection; part of every tool identity. Non-empty. */
  serverId: string;
  /** The Streamable HTTP endpoint, e.g. `http://127.0.0.1:3000/mcp`. */
  url?: string;
  /** A local server: the command (no shell), its arguments, extra environment and working directory. */
  stdio?: StdioServerConfig;
  /** Builds a fresh SDK `Transport` for each connection (a reconnect calls it again). */
  transport?: () => Transport;
  /** How `transport` shows in warnings and states (default `transport`). */
  transportName?: string;
  /** Era preference (default `auto`). */
  era?: EraPreference;
  /** Bearer token sent on every request. A secret: never logged, never a cache key. */
  bearerToken?: string;
  /**
   * OAuth for an HTTP server through the SDK's `OAuthClientProvider` (authorization code + PKCE,
   * refresh tokens): a 401 starts the flow (`redirectToAuthorization`), the server is
   * `authRequired` (`authorization-required`) until `DiscoveryHost.finishAuthorization` exchanges
   * the code, which re-discovers every list. Expired access tokens are refreshed by the SDK.
   * Not with `bearerToken`.
   */
  authProvider?: OAuthClientProvider;
  /** A stable id for the credentials (account, principal); keys private cache entries. */
  credentialProfileId?: string;
  /** Default `eager`. */
  strategy?: DiscoveryStrategy;
  /**
   * The lists to discover (default all three; `tools` always): prompts and resources are listed
   * only when the server advertises the capability.
   */
  lists?: readonly ListKind[];
}
