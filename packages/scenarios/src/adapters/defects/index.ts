import { cacheKeyedByUrl } from './cache-keyed-by-url.js';
import type { DefectFactory } from './defect-factory.js';
import { dottedServerPrefix } from './dotted-server-prefix.js';
import { dropsMidListingNotification } from './drops-mid-listing-notification.js';
import { emptyCursorIsEnd } from './empty-cursor-is-end.js';
import { forwardsUnlistedCalls } from './forwards-unlisted-calls.js';
import { guardsRepeatedCursorsOnly } from './guards-repeated-cursors-only.js';
import { ignoresListChanged } from './ignores-list-changed.js';
import { ignoresNextCursor } from './ignores-next-cursor.js';
import { ignoresResourceAndPromptChanges } from './ignores-resource-and-prompt-changes.js';
import { ignoresTtl } from './ignores-ttl.js';
import { keepsOldToken } from './keeps-old-token.js';
import { keepsStaleToolMeta } from './keeps-stale-tool-meta.js';
import { loopsOnRepeatedCursor } from './loops-on-repeated-cursor.js';
import { mergesListings } from './merges-listings.js';
import { neverRelistsAfterReconnect } from './never-relists-after-reconnect.js';
import { neverRespawnsStdioServer } from './never-respawns-stdio-server.js';
import { neverResubscribes } from './never-resubscribes.js';
import { noAtomicSwap } from './no-atomic-swap.js';
import { offersWithheldTools } from './offers-withheld-tools.js';
import { permissionsKeyedByToolName } from './permissions-keyed-by-tool-name.js';
import { pollsInsteadOfListening } from './polls-instead-of-listening.js';
import { privateEntryServedAsPublic } from './private-entry-served-as-public.js';
import { redirectsToSimilarName } from './redirects-to-similar-name.js';
import { relistsPageOneOnly } from './relists-page-one-only.js';
import { resumesFromStaleCursor } from './resumes-from-stale-cursor.js';
import { session404Terminal } from './session-404-terminal.js';
import { skipsRevalidation } from './skips-revalidation.js';
import { slowRelist } from './slow-relist.js';
import { stateStuckReady } from './state-stuck-ready.js';
import { toolsFixedAtStartup } from './tools-fixed-at-startup.js';
import { toolsSharedByServerUrl } from './tools-shared-by-server-url.js';
import { trustsReadOnlyHint } from './trusts-read-only-hint.js';
import { validatesErrorResults } from './validates-error-results.js';

/** The defect catalogue: deliberately broken clients, one real mistake each (see DEFECTS.md). */
export const DEFECTS: readonly DefectFactory[] = [
  ignoresListChanged,
  ignoresNextCursor,
  relistsPageOneOnly,
  noAtomicSwap,
  dropsMidListingNotification,
  emptyCursorIsEnd,
  loopsOnRepeatedCursor,
  neverResubscribes,
  neverRelistsAfterReconnect,
  mergesListings,
  resumesFromStaleCursor,
  session404Terminal,
  ignoresTtl,
  pollsInsteadOfListening,
  cacheKeyedByUrl,
  privateEntryServedAsPublic,
  permissionsKeyedByToolName,
  trustsReadOnlyHint,
  redirectsToSimilarName,
  skipsRevalidation,
  validatesErrorResults,
  ignoresResourceAndPromptChanges,
  neverRespawnsStdioServer,
  guardsRepeatedCursorsOnly,
  toolsFixedAtStartup,
  keepsOldToken,
  forwardsUnlistedCalls,
  slowRelist,
  dottedServerPrefix,
  offersWithheldTools,
  toolsSharedByServerUrl,
  keepsStaleToolMeta,
  stateStuckReady,
];

export type { DefectFactory, DefectInfo } from './defect-factory.js';
export { NaiveClient } from './naive-client.js';
