import { test } from '@fast-check/vitest';
import { referenceClient } from '../adapters/reference-adapter.js';
import { hostileSchemas } from './hostile-schemas.property.js';
import { PropertyExplorer, propertyRuns } from './property-explorer.js';

const SEED = 0x5c01;
const RUNS = propertyRuns();
const explorer = new PropertyExplorer(hostileSchemas, referenceClient, { seed: SEED, numRuns: RUNS });

test.prop(explorer.arbitraries, explorer.parameters)(
  `the reference client keeps every valid tool exposed whatever hostile schemas sit beside it (seed ${SEED}, ${RUNS} runs)`,
  explorer.predicate,
  300_000, // a safety net: up to 91 s seen under load, several times that under a CPU hog
);
