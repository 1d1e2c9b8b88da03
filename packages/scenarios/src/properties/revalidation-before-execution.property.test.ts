import { test } from '@fast-check/vitest';
import { referenceClient } from '../adapters/reference-adapter.js';
import { PropertyExplorer, propertyRuns } from './property-explorer.js';
import { revalidationBeforeExecution } from './revalidation-before-execution.property.js';

const SEED = 0x7e7a1;
const RUNS = propertyRuns();
const explorer = new PropertyExplorer(revalidationBeforeExecution, referenceClient, {
  seed: SEED,
  numRuns: RUNS,
});

test.prop(explorer.arbitraries, explorer.parameters)(
  `the reference client re-validates every proposed call against the current contract and never redirects it (seed ${SEED}, ${RUNS} runs)`,
  explorer.predicate,
  300_000, // a safety net: up to 91 s seen under load, several times that under a CPU hog
);
