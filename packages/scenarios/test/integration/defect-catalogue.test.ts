import { describe, expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { DEFECTS } from '../../src/adapters/defects/index.js';
import { runCatcher } from '../../src/adapters/defects/run-catcher.js';

/** Defects are explored with this seed; a catcher stops at its first counterexample. */
const SEED = 42;
const MAX_RUNS = 100;

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

  test.each(DEFECTS.map((defect) => [defect.name, defect.defect.caughtBy.join(', '), defect] as const))(
    '%s is caught by %s',
    async (_name, _catchers, defect) => {
      for (const catcher of defect.defect.caughtBy) {
        const outcome = await runCatcher(catcher, defect, { seed: SEED, numRuns: MAX_RUNS });
        expect(outcome.caught, `${catcher} did not catch ${defect.name}: ${outcome.detail}`).toBe(true);
      }
    },
    120_000,
  );
});
