import { test } from '@fast-check/vitest';
import { referenceClient } from '../adapters/reference-adapter.js';
import { PropertyExplorer, propertyRuns } from './property-explorer.js';
import { ttlFreshness } from './ttl-freshness.property.js';

const SEED = 0x7711;
const RUNS = propertyRuns();
const explorer = new PropertyExplorer(ttlFreshness, referenceClient, { seed: SEED, numRuns: RUNS });

test.prop(explorer.arbitraries, explorer.parameters)(
  `without notifications the reference client re-fetches stale listings and converges (seed ${SEED}, ${RUNS} runs)`,
  explorer.predicate,
  300_000, // a safety net: up to 91 s seen under load, several times that under a CPU hog
);
