import { test } from '@fast-check/vitest';
import { referenceClient } from '../adapters/reference-adapter.js';
import { emptyStringCursor, stuckPaginator } from './pagination-cursors.property.js';
import { PropertyExplorer, propertyRuns } from './property-explorer.js';

const SEED = 0x9a6e;
const RUNS = propertyRuns();

for (const suite of [emptyStringCursor, stuckPaginator]) {
  const explorer = new PropertyExplorer(suite, referenceClient, { seed: SEED, numRuns: RUNS });
  test.prop(explorer.arbitraries, explorer.parameters)(
    `the reference client keeps ${suite.id}: ${suite.title} (seed ${SEED}, ${RUNS} runs)`,
    explorer.predicate,
    300_000, // a safety net: up to 56 s seen under load, several times that under a CPU hog
  );
}
