import type { Invariant } from '../invariant.js';
import { argumentsFitCurrentContract } from './arguments-fit-current-contract.js';
import { callsOnlyListedTools } from './calls-only-listed-tools.js';
import { callsSucceed } from './calls-succeed.js';
import { currentContracts } from './current-contracts.js';
import { enumerationRestarted } from './enumeration-restarted.js';
import { followsEveryCursor } from './follows-every-cursor.js';
import { matchesFinalCatalog } from './matches-final-catalog.js';
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
import { stopsOnRepeatedCursor } from './stops-on-repeated-cursor.js';
import { subscribesToToolChanges } from './subscribes-to-tool-changes.js';

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
  ].map((invariant) => [invariant.id, invariant]),
);

export type { RelistBound };
export {
  argumentsFitCurrentContract,
  callsOnlyListedTools,
  callsSucceed,
  currentContracts,
  enumerationRestarted,
  followsEveryCursor,
  matchesFinalCatalog,
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
  stopsOnRepeatedCursor,
  subscribesToToolChanges,
};
