import { listChangedRace } from './list-changed-race.property.js';
import type { PropertySuite } from './property-suite.js';

/** Every product property suite, by id (replay files name theirs). */
export const PROPERTIES: Readonly<Record<string, PropertySuite<never>>> = Object.fromEntries(
  [listChangedRace].map((suite) => [suite.id, suite as PropertySuite<never>]),
);

export {
  type ExploreOptions,
  PropertyExplorer,
  type PropertyOutcome,
  propertyRuns,
  replayDir,
} from './property-explorer.js';
export { failuresOf, type PropertySuite } from './property-suite.js';
export { listChangedRace };
