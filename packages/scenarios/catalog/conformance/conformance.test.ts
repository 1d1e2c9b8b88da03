import { expect, test } from 'vitest';
import { parseScenario } from '../../src/scenario-file/parse-scenario.js';
import { SCENARIOS } from '../index.js';
import { CONFORMANCE_ALIASES, CONFORMANCE_NAMES, CONFORMANCE_SCENARIOS } from './index.js';

test('the scenarios standing for the conformance suite are valid, cited, outside the catalog and named both ways', () => {
  for (const scenario of CONFORMANCE_SCENARIOS) {
    expect(() =>
      parseScenario(structuredClone(scenario), scenario.id, { requireCitations: true }),
    ).not.toThrow();
    expect(SCENARIOS.some((other) => other.id === scenario.id)).toBe(false);
    expect(CONFORMANCE_ALIASES[CONFORMANCE_NAMES[scenario.id]!]).toBe(scenario.id);
  }
  expect(
    Object.values(CONFORMANCE_ALIASES).every((id) => CONFORMANCE_SCENARIOS.some((s) => s.id === id)),
  ).toBe(true);
});
