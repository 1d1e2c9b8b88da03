import type { EraPreference } from '../connection/era-preference.js';

/**
 * When a server is discovered: `eager` lists at `addServer`; `lazy` waits until the server is
 * first needed (exposure, a call, `refresh`); `cached-with-refresh` adopts a cached snapshot for
 * this connection, credential profile and protocol revision (fresh: used as is; expired: used as
 * stale while a re-list runs in the background), and lists when there is none.
 */
export type DiscoveryStrategy = 'eager' | 'lazy' | 'cached-with-refresh';

/** One server a host manages. */
export interface ServerConfig {
  /** The host's id for this server connection; part of every tool identity. Non-empty. */
  serverId: string;
  /** The Streamable HTTP endpoint, e.g. `http://127.0.0.1:3000/mcp`. */
  url: string;
  /** Era preference (default `auto`). */
  era?: EraPreference;
  /** Bearer token sent on every request. A secret: never logged, never a cache key. */
  bearerToken?: string;
  /** A stable id for the credentials (account, principal); keys private cache entries. */
  credentialProfileId?: string;
  /** Default `eager`. */
  strategy?: DiscoveryStrategy;
}
