import type { Invariant } from '../invariant.js';
import { argumentsFitCurrentContract } from './arguments-fit-current-contract.js';
import { callsOnlyListedTools } from './calls-only-listed-tools.js';
import { callsSucceed } from './calls-succeed.js';
import { codeRedeemedOnce } from './code-redeemed-once.js';
import { currentContracts } from './current-contracts.js';
// Scenario-library invariants (issue 5).
import { cursorsEchoed } from './cursors-echoed.js';
import { deadSessionDropped } from './dead-session-dropped.js';
import { enumerationRestarted } from './enumeration-restarted.js';
import { eraNegotiated } from './era-negotiated.js';
import { failureSurfaced } from './failure-surfaced.js';
import { finalExposure } from './final-exposure.js';
import { followsEveryCursor } from './follows-every-cursor.js';
import { invalidSchemaReported } from './invalid-schema-reported.js';
import { lastCallSucceeds } from './last-call-succeeds.js';
import { legacyLifecycle } from './legacy-lifecycle.js';
import { listRelistedAfterSignal } from './list-relisted-after-signal.js';
import { listRequests } from './list-requests.js';
import { listingOrderKept } from './listing-order-kept.js';
import { listsReportedCurrent } from './lists-reported-current.js';
import { matchesFinalCatalog } from './matches-final-catalog.js';
import { modelCallsRouted } from './model-calls-routed.js';
import { modelCostReported } from './model-cost-reported.js';
import { modelEveryCallAnswered } from './model-every-call-answered.js';
import { modelNamesValid } from './model-names-valid.js';
import { modelNoCrossPrincipalTools } from './model-no-cross-principal-tools.js';
import { modelNothingSilentlyDropped } from './model-nothing-silently-dropped.js';
import { modelProviderAccepted } from './model-provider-accepted.js';
import { modelRequestOffers } from './model-request-offers.js';
import { modelRequestsBuilt } from './model-requests-built.js';
import { modelToolCountAsReported } from './model-tool-count-as-reported.js';
import { modelToolCountWithinLimit } from './model-tool-count-within-limit.js';
import { modelToolDefinitionSound } from './model-tool-definition-sound.js';
import { modelUnknownToolErrorListsTools } from './model-unknown-tool-error-lists-tools.js';
import { noCrossPrincipalLeak } from './no-cross-principal-leak.js';
import { noModernFlowInLegacy } from './no-modern-flow-in-legacy.js';
import { noPermissionTransfer } from './no-permission-transfer.js';
import { noSilentRedirect } from './no-silent-redirect.js';
import { noStaleExposure } from './no-stale-exposure.js';
import { registryNeverMixed } from './registry-never-mixed.js';
import { relistCompletesAfterSignal } from './relist-completes-after-signal.js';
import { type RelistBound, relistedWithin2s, relistedWithinBound } from './relisted-within-bound.js';
import { relistsAfterSignal } from './relists-after-signal.js';
import { resubscribedAfterReconnect } from './resubscribed-after-reconnect.js';
import { sameSessionRelist } from './same-session-relist.js';
import { schemasAsServed } from './schemas-as-served.js';
import { stateAgreesWithTools } from './state-agrees-with-tools.js';
import { stateReported } from './state-reported.js';
import { stopsOnRepeatedCursor } from './stops-on-repeated-cursor.js';
import { subscribesToToolChanges } from './subscribes-to-tool-changes.js';
import { tokenForThisResource } from './token-for-this-resource.js';
import { toolErrorSurfaced } from './tool-error-surfaced.js';
import { toolMetaAsServed } from './tool-meta-as-served.js';
import { userTold } from './user-told.js';
import { wireHeader } from './wire-header.js';
import { wireMethodNeverSent } from './wire-method-never-sent.js';
import { wireMethodOrder } from './wire-method-order.js';
import { wireRequestCount } from './wire-request-count.js';
/** Every invariant, by id. A scenario names the ones it checks. */
export const INVARIANTS: Readonly<Record<string, Invariant>> = Object.fromEntries(
  [
    followsEveryCursor,
    matchesFinalCatalog,
    currentContracts,
    relistsAfterSignal,
    relistCompletesAfterSignal,
    noStaleExposure,
    noModernFlowInLegacy,
    callsSucceed,
    subscribesToToolChanges,
    relistedWithin2s,
    enumerationRestarted,
    registryNeverMixed,
    argumentsFitCurrentContract,
    noCrossPrincipalLeak,
    resubscribedAfterReconnect,
    noPermissionTransfer,
    noSilentRedirect,
    callsOnlyListedTools,
    stopsOnRepeatedCursor,
    ...[
      cursorsEchoed,
      eraNegotiated,
      deadSessionDropped,
      failureSurfaced,
      finalExposure,
      invalidSchemaReported,
      lastCallSucceeds,
      listingOrderKept,
      legacyLifecycle,
      listRequests,
      listRelistedAfterSignal,
      modelCallsRouted,
      modelCostReported,
      modelEveryCallAnswered,
      modelNamesValid,
      modelNoCrossPrincipalTools,
      modelNothingSilentlyDropped,
      modelProviderAccepted,
      modelRequestOffers,
      modelRequestsBuilt,
      modelToolCountAsReported,
      modelToolCountWithinLimit,
      modelToolDefinitionSound,
      modelUnknownToolErrorListsTools,
      sameSessionRelist,
      schemasAsServed,
      stateReported,
      userTold,
      toolErrorSurfaced,
      wireHeader,
      wireRequestCount,
      wireMethodNeverSent,
      wireMethodOrder,
      tokenForThisResource,
      codeRedeemedOnce,
      toolMetaAsServed,
      listsReportedCurrent,
      stateAgreesWithTools,
    ],
  ].map((invariant) => [invariant.id, invariant]),
);

export type { RelistBound };
export {
  argumentsFitCurrentContract,
  callsOnlyListedTools,
  callsSucceed,
  codeRedeemedOnce,
  currentContracts,
  cursorsEchoed,
  deadSessionDropped,
  enumerationRestarted,
  eraNegotiated,
  failureSurfaced,
  finalExposure,
  followsEveryCursor,
  invalidSchemaReported,
  lastCallSucceeds,
  legacyLifecycle,
  listingOrderKept,
  listRelistedAfterSignal,
  listRequests,
  listsReportedCurrent,
  matchesFinalCatalog,
  modelCallsRouted,
  modelCostReported,
  modelEveryCallAnswered,
  modelNamesValid,
  modelNoCrossPrincipalTools,
  modelNothingSilentlyDropped,
  modelProviderAccepted,
  modelRequestOffers,
  modelRequestsBuilt,
  modelToolCountAsReported,
  modelToolCountWithinLimit,
  modelToolDefinitionSound,
  modelUnknownToolErrorListsTools,
  noCrossPrincipalLeak,
  noModernFlowInLegacy,
  noPermissionTransfer,
  noSilentRedirect,
  noStaleExposure,
  registryNeverMixed,
  relistCompletesAfterSignal,
  relistedWithin2s,
  relistedWithinBound,
  relistsAfterSignal,
  resubscribedAfterReconnect,
  sameSessionRelist,
  schemasAsServed,
  stateAgreesWithTools,
  stateReported,
  stopsOnRepeatedCursor,
  subscribesToToolChanges,
  tokenForThisResource,
  toolErrorSurfaced,
  toolMetaAsServed,
  userTold,
  wireHeader,
  wireMethodNeverSent,
  wireMethodOrder,
  wireRequestCount,
};
