import type { ListKind } from '../discovery-machine/list-kind.js';

/**
 * What a {@link DiscoveryWarning} is about:
 * - `non-advancing-cursor`: a list returned the cursor it was given (with nothing new, so the
 *   listing ended there; or with new entries, so the listing failed as `repeated-cursor`);
 * - `page-cap`: a list did not end within `listingLimits.maxPages` pages;
 * - `oversize-stream`: a change stream exceeded `fetchBounds.maxStreamBytes` and was cut (it is
 *   reconnected with backoff, never at once);
 * - `notification-storm`: more change signals than `storm.threshold` within `storm.windowMs`
 *   (re-lists are coalesced and rate-limited; raised once per storm);
 * - `schema-normalized`: a tool's input schema was completed to an object schema (see the tool's
 *   `normalizations`);
 * - `tool-excluded`: a tool was kept out of the catalog (its reason and JSON pointer in `message`);
 * - `store-failed`: the snapshot store could not save, or held a record that could not be restored
 *   (`message` names the path and the rule); discovery goes on without it.
 */
export type DiscoveryWarningKind =
  | 'non-advancing-cursor'
  | 'page-cap'
  | 'oversize-stream'
  | 'notification-storm'
  | 'schema-normalized'
  | 'tool-excluded'
  | 'store-failed';

/**
 * One warning about a server, delivered through `DiscoveryHost.onWarning`: the host's id for the
 * server, where it is (`endpoint`: the URL or the command; never credentials), what it says it is
 * (`serverInfo`, self-reported), the list concerned, and what happened.
 */
export interface DiscoveryWarning {
  serverId: string;
  /** The configured endpoint: the URL, or the stdio command line. */
  endpoint?: string;
  /** The server's self-reported name and version, once connected (display only). */
  serverInfo?: { name: string; version: string };
  kind: DiscoveryWarningKind;
  list?: ListKind;
  /** The tool a `schema-normalized` or `tool-excluded` warning is about. */
  toolName?: string;
  message: string;
  /** Host clock, epoch ms. */
  atMs: number;
}

/** Receives warnings; a listener that throws does not stop the others. */
export type WarningListener = (warning: DiscoveryWarning) => void;
