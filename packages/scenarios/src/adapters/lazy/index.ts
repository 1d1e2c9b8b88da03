import { doesNothing } from './does-nothing.js';
import { failsEveryCall } from './fails-every-call.js';
import type { LazyFactory } from './lazy-factory.js';
import { listsOnceAndExits } from './lists-once-and-exits.js';
import { neverListens } from './never-listens.js';
import { swallowsListErrors } from './swallows-list-errors.js';

/**
 * The lazy-client corpus, beside the correct-but-unusual one (`adapters/unusual/`): clients that
 * do less than their scenario's title says, each registered as `lazy:<name>`. Each must get `fail`
 * or `inconclusive` — never `pass` — on every scenario it `misses`; a pass there means a check that
 * should be essential is not, or an inconclusive reason that is the client's doing is called staging.
 */
export const LAZY_CLIENTS: readonly LazyFactory[] = [
  listsOnceAndExits,
  neverListens,
  swallowsListErrors,
  failsEveryCall,
  doesNothing,
];

export { type LazyBehaviour, LazyClient } from './lazy-client.js';
export { LAZY_CAPABILITIES, type LazyFactory, type LazyInfo, lazy } from './lazy-factory.js';
export { callsTools, listingFailed, staleAfterChange } from './scenario-needs.js';
