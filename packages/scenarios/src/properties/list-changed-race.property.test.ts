import { test } from '@fast-check/vitest';
import { referenceClient } from '../adapters/reference-adapter.js';
import { listChangedRace } from './list-changed-race.property.js';
import { PropertyExplorer, propertyRuns } from './property-explorer.js';

const SEED = 0x15c4a;
const RUNS = propertyRuns();
const explorer = new PropertyExplorer(listChangedRace, referenceClient, { seed: SEED, numRuns: RUNS });

test.prop(explorer.arbitraries, explorer.parameters)(
  `the reference client keeps list-changed-race invariants under every explored interleaving (seed ${SEED}, ${RUNS} runs)`,
  explorer.predicate,
  300_000, // a safety net: up to 91 s seen under load, several times that under a CPU hog
);
