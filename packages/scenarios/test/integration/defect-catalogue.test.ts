import { describe, expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { DEFECTS } from '../../src/adapters/defects/index.js';
import { runCatcher } from '../../src/adapters/defects/run-catcher.js';

/** Defects are explored with this seed; a catcher stops at its first counterexample. */
const SEED = 42;
const MAX_RUNS = 100;

/** Every (defect, catcher) pair of one kind (`scenario:` or `property:`), in catalogue order. */
const catches = (kind: 'scenario' | 'property') =>
  DEFECTS.flatMap((defect) =>
    defect.defect.caughtBy
      .filter((catcher) => catcher.startsWith(`${kind}:`))
      .map((catcher) => [defect.name, catcher, defect] as const),
  );

describe(`defect catalogue (seed ${SEED}, at most ${MAX_RUNS} runs per property catcher)`, () => {
  test('holds at least 20 defects, each with a real-world case and at least one catcher', () => {
    expect(DEFECTS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(DEFECTS.map((d) => d.name)).size).toBe(DEFECTS.length);
    for (const defect of DEFECTS) {
      expect(defect.name).toMatch(/^defect:[a-z0-9-]+$/);
      expect(defect.defect.realWorld).not.toBe('');
      expect(defect.defect.caughtBy.length).toBeGreaterThan(0);
    }
  });

  test('every defect names at least one catalog scenario among its catchers, and declares the capabilities of the client it is built on', () => {
    const ids = new Set(SCENARIOS.map((scenario) => scenario.id));
    for (const defect of DEFECTS) {
      const scenarios = defect.defect.caughtBy.filter((catcher) => catcher.startsWith('scenario:'));
      expect(scenarios.length, `${defect.name} has no scenario catcher`).toBeGreaterThan(0);
      for (const catcher of scenarios) expect(ids.has(catcher.slice('scenario:'.length)), catcher).toBe(true);
      expect(defect.capabilities, defect.name).toEqual(defect.builtOn.capabilities);
    }
  });

  // A scenario catcher runs cells with their own servers and client, so these run at once (the
  // failing cells mostly wait out their settle bounds); a property catcher's trials route the
  // process's fetch to their in-process server, so those run one at a time, after the cells.
  describe.concurrent('scenario catchers', () => {
    test.each(catches('scenario'))(
      '%s is caught by %s',
      async (_name, catcher, defect) => {
        const outcome = await runCatcher(catcher, defect, { seed: SEED, numRuns: MAX_RUNS });
        expect(outcome.caught, `${catcher} did not catch ${defect.name}: ${outcome.detail}`).toBe(true);
      },
      120_000,
    );
  });

  describe('property catchers', () => {
    test.each(catches('property'))(
      '%s is caught by %s',
      async (_name, catcher, defect) => {
        const outcome = await runCatcher(catcher, defect, { seed: SEED, numRuns: MAX_RUNS });
        expect(outcome.caught, `${catcher} did not catch ${defect.name}: ${outcome.detail}`).toBe(true);
      },
      120_000,
    );
  });
});
