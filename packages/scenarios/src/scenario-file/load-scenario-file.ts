import { readFile } from 'node:fs/promises';
import { ToolshiftError } from '@toolshift/fake-server';
import { parse as parseYaml } from 'yaml';
import type { Scenario } from '../scenario.js';
import { parseScenario } from './parse-scenario.js';

/**
 * Loads a scenario from a JSON or YAML file (YAML is a superset, so one parser reads both).
 * @throws {ToolshiftError} SCENARIO_FILE_UNREADABLE when the file cannot be read or parsed.
 * @throws {ScenarioError} SCENARIO_INVALID naming the file, JSON pointer and rule when the scenario is invalid.
 */
export async function loadScenarioFile(path: string): Promise<Scenario> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ToolshiftError('SCENARIO_FILE_UNREADABLE', `Cannot read scenario file ${path}: ${reason}.`, {
      source: path,
      reason,
    });
  }
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (error) {
    const reason = (error as Error).message;
    throw new ToolshiftError(
      'SCENARIO_FILE_UNREADABLE',
      `Scenario file ${path} is neither JSON nor YAML: ${reason}`,
      { source: path, reason },
    );
  }
  return parseScenario(doc, path);
}
