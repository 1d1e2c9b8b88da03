import { expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { CAPABILITY_GROUPS, groupsOf, SMOKE_SCENARIOS } from './capability-groups.js';

test('every catalog scenario belongs to exactly one capability group', () => {
  const wrong = SCENARIOS.map((s) => ({ id: s.id, groups: groupsOf(s.id) })).filter(
    (s) => s.groups.length !== 1,
  );
  expect(wrong).toEqual([]);
});

test('every capability group has a scenario, and the smoke selection names catalog scenarios', () => {
  const ids = new Set(SCENARIOS.map((s) => s.id));
  for (const group of CAPABILITY_GROUPS)
    expect(SCENARIOS.some((s) => groupsOf(s.id).includes(group))).toBe(true);
  expect(SMOKE_SCENARIOS.filter((id) => !ids.has(id))).toEqual([]);
  expect(SMOKE_SCENARIOS.length).toBeGreaterThanOrEqual(6);
});
