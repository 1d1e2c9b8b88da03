import { test } from '@fast-check/vitest';
import { referenceGateway } from '../adapters/reference-gateway-adapter.js';
import { cacheScopeIsolation } from './cache-scope-isolation.property.js';
import { PropertyExplorer, propertyRuns } from './property-explorer.js';

const SEED = 0xcac4e;
const RUNS = propertyRuns();
const explorer = new PropertyExplorer(cacheScopeIsolation, referenceGateway, { seed: SEED, numRuns: RUNS });

test.prop(explorer.arbitraries, explorer.parameters)(
  `two principals behind the reference gateway each converge to their own catalog with no private listing shared (seed ${SEED}, ${RUNS} runs)`,
  explorer.predicate,
  300_000, // a safety net: up to 91 s seen under load, several times that under a CPU hog
);
