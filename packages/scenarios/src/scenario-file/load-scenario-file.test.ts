import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isToolshiftError } from '@toolshift/fake-server';
import { expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { loadScenarioFile } from './load-scenario-file.js';
import { saveScenarioFile } from './serialize-scenario.js';

test('every catalog scenario survives a save and load as YAML and as JSON unchanged', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-scenario-'));
  for (const scenario of SCENARIOS) {
    for (const ext of ['yaml', 'json']) {
      const file = join(dir, `${scenario.id}.${ext}`);
      await saveScenarioFile(scenario, file);
      const loaded = await loadScenarioFile(file);
      expect({ ...loaded, toolshiftScenario: undefined }).toEqual({
        ...structuredClone(scenario),
        toolshiftScenario: undefined,
      });
    }
  }
  expect(
    (await readFile(join(dir, 'empty-list.yaml'), 'utf8')).startsWith(
      'toolshiftScenario: 1\nid: empty-list\n',
    ),
  ).toBe(true);
});

test('a missing or unparseable file is SCENARIO_FILE_UNREADABLE; an invalid one names file, pointer and rule', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-scenario-'));
  const missing = await loadScenarioFile(join(dir, 'nope.yaml')).catch((e: unknown) => e);
  expect(isToolshiftError(missing, 'SCENARIO_FILE_UNREADABLE')).toBe(true);
  const garbage = join(dir, 'garbage.yaml');
  await writeFile(garbage, 'id: [unclosed');
  expect(
    isToolshiftError(await loadScenarioFile(garbage).catch((e: unknown) => e), 'SCENARIO_FILE_UNREADABLE'),
  ).toBe(true);
  const invalid = join(dir, 'invalid.yaml');
  await saveScenarioFile({ ...SCENARIOS.find((s) => s.id === 'empty-list')!, id: 'Bad Id' }, invalid);
  const error = await loadScenarioFile(invalid).catch((e: unknown) => e);
  expect(error).toMatchObject({ code: 'SCENARIO_INVALID', pointer: '/id', rule: 'pattern', source: invalid });
  expect((error as Error).message).toContain(`Invalid scenario ${invalid}: /id`);
});
