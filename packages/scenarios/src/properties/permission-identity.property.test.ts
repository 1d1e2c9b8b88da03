import { test } from '@fast-check/vitest';
import { referenceClient } from '../adapters/reference-adapter.js';
import { permissionIdentity } from './permission-identity.property.js';
import { PropertyExplorer, propertyRuns } from './property-explorer.js';

const SEED = 0x9e41;
const RUNS = propertyRuns();
const explorer = new PropertyExplorer(permissionIdentity, referenceClient, { seed: SEED, numRuns: RUNS });

test.prop(explorer.arbitraries, explorer.parameters)(
  `the reference client runs each call only under a permission for its own (serverId, toolName) (seed ${SEED}, ${RUNS} runs)`,
  explorer.predicate,
  300_000, // a safety net: up to 91 s seen under load, several times that under a CPU hog
);
