import { writeFile } from 'node:fs/promises';
import { stringify as toYaml } from 'yaml';
import type { Scenario } from '../scenario.js';

/** The scenario as a file document: `toolshiftScenario: 1` first, then the scenario's fields. */
function document(scenario: Scenario): Scenario {
  const { toolshiftScenario: _version, $schema: _schema, ...rest } = scenario;
  return { toolshiftScenario: 1, ...rest };
}

/** A scenario as pretty JSON text (what `loadScenarioFile` reads back to an equal scenario). */
export function scenarioToJson(scenario: Scenario): string {
  return `${JSON.stringify(document(scenario), null, 2)}\n`;
}

/** A scenario as YAML text (what `loadScenarioFile` reads back to an equal scenario). */
export function scenarioToYaml(scenario: Scenario): string {
  return toYaml(document(scenario), { aliasDuplicateObjects: false, lineWidth: 0 });
}

/** Writes a scenario file: YAML for `.yaml`/`.yml`, JSON otherwise. */
export async function saveScenarioFile(scenario: Scenario, path: string): Promise<void> {
  await writeFile(path, /\.ya?ml$/i.test(path) ? scenarioToYaml(scenario) : scenarioToJson(scenario));
}
