import type { Scenario } from '../src/scenario.js';
import { au01HiddenToolAfterStepUp } from './auth/au-01-hidden-tool-after-step-up.scenario.js';
import { au01InsufficientScopeStepUp } from './auth/au-01-insufficient-scope-step-up.scenario.js';
import { au02ExpiredTokenStatus } from './auth/au-02-expired-token-status.scenario.js';
import { au02RefreshAfterExpiry } from './auth/au-02-refresh-after-expiry.scenario.js';
import { au04UnlockedToolsAfterReconnect } from './auth/au-04-unlocked-tools-after-reconnect.scenario.js';
import { au04UnlockedToolsAfterRespawn } from './auth/au-04-unlocked-tools-after-respawn.scenario.js';
import { au04UnlockedToolsAnnounced } from './auth/au-04-unlocked-tools-announced.scenario.js';
import { authDependentList } from './auth/auth-dependent-list.scenario.js';
import { tokenRotatedDuringListing } from './auth/token-rotated-during-listing.scenario.js';
import { outputSchemaDroppedAfterChange } from './change/output-schema-dropped-after-change.scenario.js';
import { schemaChangedBetweenRefreshes } from './change/schema-changed-between-refreshes.scenario.js';
import { toolAddedAtRuntime } from './change/tool-added-at-runtime.scenario.js';
import { toolRemoved } from './change/tool-removed.scenario.js';
import { emptyList } from './discovery/empty-list.scenario.js';
import { oneValidTool } from './discovery/one-valid-tool.scenario.js';
import { sameNameOnTwoServers } from './discovery/same-name-on-two-servers.scenario.js';
import { legacyFlow } from './flows/legacy-flow.scenario.js';
import { legacyWithoutListChanged } from './flows/legacy-without-list-changed.scenario.js';
import { modernAckWithoutTools } from './flows/modern-ack-without-tools.scenario.js';
import { modernChangeDuringGap } from './flows/modern-change-during-gap.scenario.js';
import { modernRefreshFlow } from './flows/modern-refresh-flow.scenario.js';
import { modernTtlBackstop } from './flows/modern-ttl-backstop.scenario.js';
import { noModernFlowInLegacySession } from './flows/no-modern-flow-in-legacy-session.scenario.js';
import { expiredCache } from './freshness/expired-cache.scenario.js';
import { lg01DefinitionsEatContext } from './large/lg-01-definitions-eat-context.scenario.js';
import { lg02MoreThan128Tools } from './large/lg-02-more-than-128-tools.scenario.js';
import { veryLargeToolList } from './large/very-large-tool-list.scenario.js';
import { lateServerJoins } from './lifecycle/late-server-joins.scenario.js';
import { sessionRestoredAfterExpiry } from './lifecycle/session-restored-after-expiry.scenario.js';
import { stdioServerRespawned } from './lifecycle/stdio-server-respawned.scenario.js';
import { lc01NewToolOfferedToModel } from './list-changed/lc-01-new-tool-offered-to-model.scenario.js';
import { lc01NoListChangedHandler } from './list-changed/lc-01-no-list-changed-handler.scenario.js';
import { lc01ToolRemovedAfterCall } from './list-changed/lc-01-tool-removed-after-call.scenario.js';
import { lc02NotificationOnGetStream } from './list-changed/lc-02-notification-on-get-stream.scenario.js';
import { lc02NotificationOnPostStream } from './list-changed/lc-02-notification-on-post-stream.scenario.js';
import { lc04ChangeBeforeInitialized } from './list-changed/lc-04-change-before-initialized.scenario.js';
import { lc04ChangeDuringFirstListing } from './list-changed/lc-04-change-during-first-listing.scenario.js';
import { lc04ChangeRightAfterFirstListing } from './list-changed/lc-04-change-right-after-first-listing.scenario.js';
import { lc06ToolsAddedMidAgentLoop } from './list-changed/lc-06-tools-added-mid-agent-loop.scenario.js';
import { lc07EveryNotificationAndManualRefresh } from './list-changed/lc-07-every-notification-and-manual-refresh.scenario.js';
import { lc08RepeatedNotifications } from './list-changed/lc-08-repeated-notifications.scenario.js';
import { lc10OfflineToOnline } from './list-changed/lc-10-offline-to-online.scenario.js';
import { lc11ModelOfferedOwnPrincipalTools } from './list-changed/lc-11-model-offered-own-principal-tools.scenario.js';
import { lc11PerUserConnections } from './list-changed/lc-11-per-user-connections.scenario.js';
import { lc11RefreshReplacesNotMerges } from './list-changed/lc-11-refresh-replaces-not-merges.scenario.js';
import { lc11SecondUserFromSharedCache } from './list-changed/lc-11-second-user-from-shared-cache.scenario.js';
import { promptsAddedAtRuntime } from './lists/prompts-added-at-runtime.scenario.js';
import { resourcesAddedAtRuntime } from './lists/resources-added-at-runtime.scenario.js';
import { resourcesAndToolsNotifiedTogether } from './lists/resources-and-tools-notified-together.scenario.js';
import { toolMetaChanged } from './lists/tool-meta-changed.scenario.js';
import { nm01PrefixedNamesOver64 } from './names/nm-01-prefixed-names-over-64.scenario.js';
import { nm02ComposedNameTooLong } from './names/nm-02-composed-name-too-long.scenario.js';
import { nm04SameNameLastWins } from './names/nm-04-same-name-last-wins.scenario.js';
import { dualEndpointClientPicksAnEra } from './negotiation/dual-endpoint-client-picks-an-era.scenario.js';
import { eraKeptPerServer } from './negotiation/era-kept-per-server.scenario.js';
import { modernPreferredFallsBackToLegacy } from './negotiation/modern-preferred-falls-back-to-legacy.scenario.js';
import { freshCursorSamePage } from './pagination/fresh-cursor-same-page.scenario.js';
import { paginatedList } from './pagination/paginated-list.scenario.js';
import { pg01IgnoresNextCursor } from './pagination/pg-01-ignores-next-cursor.scenario.js';
import { pg02ConvenienceReadsOnePage } from './pagination/pg-02-convenience-reads-one-page.scenario.js';
import { pg02PageFailureReported } from './pagination/pg-02-page-failure-reported.scenario.js';
import { pg03FirstPageOnly } from './pagination/pg-03-first-page-only.scenario.js';
import { pg03SinglePageOneRequest } from './pagination/pg-03-single-page-one-request.scenario.js';
import { pg05EmptyCursorLoop } from './pagination/pg-05-empty-cursor-loop.scenario.js';
import { pg05EmptyStringCursorIsACursor } from './pagination/pg-05-empty-string-cursor-is-a-cursor.scenario.js';
import { toolAddedToPaginatedList } from './pagination/tool-added-to-paginated-list.scenario.js';
import { readOnlyHintStillAsks } from './permissions/read-only-hint-still-asks.scenario.js';
import { standingGrantStaysWithItsServer } from './permissions/standing-grant-stays-with-its-server.scenario.js';
import { droppedCallResumed } from './reconnect/dropped-call-resumed.scenario.js';
import { listenStreamCutWithoutEventIds } from './reconnect/listen-stream-cut-without-event-ids.scenario.js';
import { rc01Session404OnRefresh } from './reconnect/rc-01-session-404-on-refresh.scenario.js';
import { rc01Session404Reinitialize } from './reconnect/rc-01-session-404-reinitialize.scenario.js';
import { rc02Session404EmptyBody } from './reconnect/rc-02-session-404-empty-body.scenario.js';
import { rc02Session404TextBody } from './reconnect/rc-02-session-404-text-body.scenario.js';
import { rc03GetStreamClosedWithoutEventIds } from './reconnect/rc-03-get-stream-closed-without-event-ids.scenario.js';
import { rc05RestartKeepsOldTools } from './reconnect/rc-05-restart-keeps-old-tools.scenario.js';
import { subscriptionDisconnect } from './reconnect/subscription-disconnect.scenario.js';
import { toolResultIsErrorWithStructuredContent } from './results/tool-result-is-error-with-structured-content.scenario.js';
import { rm01ToolAddedMidTurn } from './runtime/rm-01-tool-added-mid-turn.scenario.js';
import { rm01ToolRemovedMidTurn } from './runtime/rm-01-tool-removed-mid-turn.scenario.js';
import { rm03HostCallForUnlistedTool } from './runtime/rm-03-host-call-for-unlisted-tool.scenario.js';
import { rm03UnknownToolForwarded } from './runtime/rm-03-unknown-tool-forwarded.scenario.js';
import { rm04ToolNotFoundAfterNotification } from './runtime/rm-04-tool-not-found-after-notification.scenario.js';
import { rm04ToolNotFoundOrphansCall } from './runtime/rm-04-tool-not-found-orphans-call.scenario.js';
import { invalidSchema } from './schemas/invalid-schema.scenario.js';
import { providerCannotRepresentSchema } from './schemas/provider-cannot-represent-schema.scenario.js';
import { sc01DefsRefSchemas } from './schemas/sc-01-defs-ref-schemas.scenario.js';
import { sc03ArrayWithoutItems } from './schemas/sc-03-array-without-items.scenario.js';
import { sc04RequiredUndefinedProperty } from './schemas/sc-04-required-undefined-property.scenario.js';
import { sc06HostCallWithStaleArgument } from './schemas/sc-06-host-call-with-stale-argument.scenario.js';
import { sc06StaleSchemaAfterRestart } from './schemas/sc-06-stale-schema-after-restart.scenario.js';

/** The named scenario library, in report order (by topic). */
export { CONFORMANCE_ALIASES, CONFORMANCE_NAMES, CONFORMANCE_SCENARIOS } from './conformance/index.js';

export const SCENARIOS: readonly Scenario[] = [
  emptyList,
  oneValidTool,
  sameNameOnTwoServers,
  schemaChangedBetweenRefreshes,
  toolAddedAtRuntime,
  toolRemoved,
  resourcesAddedAtRuntime,
  promptsAddedAtRuntime,
  toolMetaChanged,
  resourcesAndToolsNotifiedTogether,
  outputSchemaDroppedAfterChange,
  toolResultIsErrorWithStructuredContent,
  paginatedList,
  pg01IgnoresNextCursor,
  pg02ConvenienceReadsOnePage,
  pg02PageFailureReported,
  pg03FirstPageOnly,
  pg03SinglePageOneRequest,
  pg05EmptyCursorLoop,
  pg05EmptyStringCursorIsACursor,
  freshCursorSamePage,
  toolAddedToPaginatedList,
  lg01DefinitionsEatContext,
  lg02MoreThan128Tools,
  veryLargeToolList,
  invalidSchema,
  providerCannotRepresentSchema,
  sc01DefsRefSchemas,
  sc03ArrayWithoutItems,
  sc04RequiredUndefinedProperty,
  sc06StaleSchemaAfterRestart,
  sc06HostCallWithStaleArgument,
  au01HiddenToolAfterStepUp,
  au01InsufficientScopeStepUp,
  au02ExpiredTokenStatus,
  au02RefreshAfterExpiry,
  au04UnlockedToolsAfterReconnect,
  au04UnlockedToolsAfterRespawn,
  au04UnlockedToolsAnnounced,
  authDependentList,
  tokenRotatedDuringListing,
  expiredCache,
  rc01Session404Reinitialize,
  rc01Session404OnRefresh,
  rc02Session404EmptyBody,
  rc02Session404TextBody,
  rc03GetStreamClosedWithoutEventIds,
  rc05RestartKeepsOldTools,
  subscriptionDisconnect,
  droppedCallResumed,
  listenStreamCutWithoutEventIds,
  lateServerJoins,
  sessionRestoredAfterExpiry,
  stdioServerRespawned,
  legacyFlow,
  legacyWithoutListChanged,
  modernAckWithoutTools,
  modernChangeDuringGap,
  modernRefreshFlow,
  modernTtlBackstop,
  noModernFlowInLegacySession,
  dualEndpointClientPicksAnEra,
  modernPreferredFallsBackToLegacy,
  eraKeptPerServer,
  lc01NoListChangedHandler,
  lc01NewToolOfferedToModel,
  lc01ToolRemovedAfterCall,
  lc02NotificationOnGetStream,
  lc02NotificationOnPostStream,
  lc04ChangeBeforeInitialized,
  lc04ChangeDuringFirstListing,
  lc04ChangeRightAfterFirstListing,
  lc06ToolsAddedMidAgentLoop,
  lc07EveryNotificationAndManualRefresh,
  lc08RepeatedNotifications,
  lc10OfflineToOnline,
  lc11PerUserConnections,
  lc11RefreshReplacesNotMerges,
  lc11SecondUserFromSharedCache,
  lc11ModelOfferedOwnPrincipalTools,
  nm01PrefixedNamesOver64,
  nm02ComposedNameTooLong,
  nm04SameNameLastWins,
  rm01ToolAddedMidTurn,
  rm01ToolRemovedMidTurn,
  rm03UnknownToolForwarded,
  rm03HostCallForUnlistedTool,
  rm04ToolNotFoundAfterNotification,
  rm04ToolNotFoundOrphansCall,
  standingGrantStaysWithItsServer,
  readOnlyHintStillAsks,
];
