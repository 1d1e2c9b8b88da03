import { debouncesSignals } from './debounces-signals.js';
import { listsOnFirstUse } from './lists-on-first-use.js';
import { listsPerRequest } from './lists-per-request.js';
import { listsValidToolsOnUnknown } from './lists-valid-tools-on-unknown.js';
import { negotiatesLegacyOnDual } from './negotiates-legacy-on-dual.js';
import { prefixesNames } from './prefixes-names.js';
import { refusesDuplicateNames } from './refuses-duplicate-names.js';
import { relistsBeforeEveryCall } from './relists-before-every-call.js';
import { rewritesSchemas } from './rewrites-schemas.js';
import type { UnusualFactory } from './unusual-factory.js';

/**
 * The false-positive corpus: deliberately correct but unusual clients, each registered as
 * `unusual:<name>` (see DEFECTS.md). Each must get no failing verdict on the whole catalog (only
 * pass, n/a or inconclusive, with the reason); a check that fails one of them is wrong.
 */
export const UNUSUAL_CLIENTS: readonly UnusualFactory[] = [
  prefixesNames,
  rewritesSchemas,
  listsPerRequest,
  debouncesSignals,
  refusesDuplicateNames,
  listsOnFirstUse,
  listsValidToolsOnUnknown,
  relistsBeforeEveryCall,
  negotiatesLegacyOnDual,
];

export { CorpusConnection, type DuplicatePolicy } from './corpus-connection.js';
export { CorpusHost, type CorpusHostOptions } from './corpus-host.js';
export { modelNames, type NamingPolicy } from './model-names.js';
export { CORPUS_CAPABILITIES, type UnusualFactory, type UnusualInfo, unusual } from './unusual-factory.js';
