import { INVARIANTS } from '@toolshift/assertions';
import { parseScript } from '@toolshift/fake-server';
import { expect, test } from 'vitest';
import { SCENARIOS } from './index.js';

test('scenario ids are unique kebab-case', () => {
  const ids = SCENARIOS.map((s) => s.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
});

test('every scenario names existing invariants, a source, and a valid script', () => {
  for (const scenario of SCENARIOS) {
    expect(scenario.invariants.length, scenario.id).toBeGreaterThan(0);
    for (const id of scenario.invariants) expect(INVARIANTS[id], `${scenario.id} → ${id}`).toBeDefined();
    expect(scenario.source.length, scenario.id).toBeGreaterThan(0);
    expect(() => parseScript(scenario.script)).not.toThrow();
  }
});

test('every step a scenario applies exists in its script', () => {
  for (const scenario of SCENARIOS) {
    const steps = new Set((scenario.script.steps ?? []).map((s) => s.id));
    for (const action of scenario.clientActions)
      if (action.do === 'step') expect(steps.has(action.step), `${scenario.id}: ${action.step}`).toBe(true);
  }
});
