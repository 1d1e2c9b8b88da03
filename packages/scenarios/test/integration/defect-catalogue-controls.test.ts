import { describe, expect, test } from 'vitest';
import { DEFECTS } from '../../src/adapters/defects/index.js';
import { runCatcher } from '../../src/adapters/defects/run-catcher.js';
import { CLIENT_ADAPTERS } from '../../src/adapters/index.js';
import { PROPERTIES } from '../../src/properties/index.js';

const SEED = 42;
/** Runs per property catcher for the clients that must pass (the property tests run 200 with their own seeds). */
const RUNS = 30;

/** The reference configuration a property is written for (it may need the gateway embedding). */
function referenceFor(catcher: string) {
  const [kind, id] = catcher.split(':', 2) as [string, string];
  const name = kind === 'property' ? (PROPERTIES[id]?.referenceClient ?? 'reference') : 'reference';
  return CLIENT_ADAPTERS[name]!;
}

const catchers = [...new Set(DEFECTS.flatMap((defect) => defect.defect.caughtBy))].sort();
/** Every catcher of a defect, with the client the defect is built on (when that is not the reference client the first test runs). */
const controlled = [
  ...new Map(
    DEFECTS.flatMap((defect) =>
      defect.defect.caughtBy
        .filter((catcher) => defect.builtOn !== referenceFor(catcher))
        .map(
          (catcher) => [`${defect.builtOn.name} ${catcher}`, { control: defect.builtOn, catcher }] as const,
        ),
    ),
  ).values(),
];

const isScenario = (catcher: string) => catcher.startsWith('scenario:');

// Scenario catchers run cells with their own servers and client, so they run at once; a property
// catcher's trials route the process's fetch to their in-process server, so those run one at a
// time, after the cells.
describe(`every catcher of the defect catalogue passes the clients without the mistakes (seed ${SEED}, ${RUNS} runs per property)`, () => {
  describe.concurrent('scenario catchers', () => {
    test.each(catchers.filter(isScenario))(
      'the reference client passes %s',
      async (catcher) => {
        const outcome = await runCatcher(catcher, referenceFor(catcher), { seed: SEED, numRuns: RUNS });
        expect(outcome.caught, outcome.detail).toBe(false);
      },
      120_000,
    );

    test.each(
      controlled
        .filter(({ catcher }) => isScenario(catcher))
        .map(({ control, catcher }) => [control.name, catcher, control] as const),
    )(
      'the %s client the defects derive from passes %s',
      async (_name, catcher, control) => {
        const outcome = await runCatcher(catcher, control, { seed: SEED, numRuns: RUNS });
        expect(outcome.caught, outcome.detail).toBe(false);
      },
      120_000,
    );
  });

  describe('property catchers', () => {
    test.each(catchers.filter((catcher) => !isScenario(catcher)))(
      'the reference client passes %s',
      async (catcher) => {
        const outcome = await runCatcher(catcher, referenceFor(catcher), { seed: SEED, numRuns: RUNS });
        expect(outcome.caught, outcome.detail).toBe(false);
      },
      120_000,
    );

    test.each(
      controlled
        .filter(({ catcher }) => !isScenario(catcher))
        .map(({ control, catcher }) => [control.name, catcher, control] as const),
    )(
      'the %s client the defects derive from passes %s',
      async (_name, catcher, control) => {
        const outcome = await runCatcher(catcher, control, { seed: SEED, numRuns: RUNS });
        expect(outcome.caught, outcome.detail).toBe(false);
      },
      120_000,
    );
  });
});
