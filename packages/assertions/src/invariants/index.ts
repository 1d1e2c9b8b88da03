import type { Invariant } from '../invariant.js';
import { callsSucceed } from './calls-succeed.js';
import { currentContracts } from './current-contracts.js';
import { followsEveryCursor } from './follows-every-cursor.js';
import { matchesFinalCatalog } from './matches-final-catalog.js';
import { noModernFlowInLegacy } from './no-modern-flow-in-legacy.js';
import { noStaleExposure } from './no-stale-exposure.js';
import { relistCompletesAfterSignal } from './relist-completes-after-signal.js';
import { relistsAfterSignal } from './relists-after-signal.js';
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
  ].map((invariant) => [invariant.id, invariant]),
);

export {
  callsSucceed,
  currentContracts,
  followsEveryCursor,
  matchesFinalCatalog,
  noModernFlowInLegacy,
  noStaleExposure,
  relistCompletesAfterSignal,
  relistsAfterSignal,
  subscribesToToolChanges,
};
