import { cacheScopeIsolation } from './cache-scope-isolation.property.js';
import { hostileSchemas } from './hostile-schemas.property.js';
import { listChangedRace } from './list-changed-race.property.js';
import { emptyStringCursor, stuckPaginator } from './pagination-cursors.property.js';
import { permissionIdentity } from './permission-identity.property.js';
import type { PropertySuite } from './property-suite.js';
import { revalidationBeforeExecution } from './revalidation-before-execution.property.js';
import { ttlFreshness } from './ttl-freshness.property.js';

/** Every product property suite, by id (replay files name theirs). */
export const PROPERTIES: Readonly<Record<string, PropertySuite<never>>> = Object.fromEntries(
  [
    listChangedRace,
    cacheScopeIsolation,
    revalidationBeforeExecution,
    permissionIdentity,
    emptyStringCursor,
    stuckPaginator,
    ttlFreshness,
    hostileSchemas,
  ].map((suite) => [suite.id, suite as PropertySuite<never>]),
);

export {
  type ExploreOptions,
  PropertyExplorer,
  type PropertyOutcome,
  propertyRuns,
  replayDir,
} from './property-explorer.js';
export { failuresOf, type PropertySuite } from './property-suite.js';
export {
  cacheScopeIsolation,
  emptyStringCursor,
  hostileSchemas,
  listChangedRace,
  permissionIdentity,
  revalidationBeforeExecution,
  stuckPaginator,
  ttlFreshness,
};
