import { dirname } from 'node:path';
import { SCENARIOS } from '../../catalog/index.js';
import { saveScenarioFile, scenarioToJson, scenarioToYaml } from '../scenario-file/serialize-scenario.js';
import { UsageError } from './usage-error.js';

/** Options of `toolshift export`. */
export interface ExportCommandOptions {
  format?: 'json' | 'yaml';
  out?: string;
}

/**
 * `toolshift export <id> [--format yaml|json] [--out FILE]`: writes a catalog scenario as a scenario
 * file (to stdout, or to FILE), ready to edit and run with `toolshift run --scenario-file`.
 * @throws {UsageError} for an unknown scenario id, or an `--out` path that cannot be written.
 */
export async function exportCommand(
  id: string,
  options: ExportCommandOptions,
  out: NodeJS.WritableStream = process.stdout,
): Promise<void> {
  const scenario = SCENARIOS.find((candidate) => candidate.id === id);
  if (!scenario)
    throw new UsageError(`Unknown scenario '${id}'. Run 'toolshift list' to see every scenario id.`);
  if (options.out) {
    const path = options.out;
    await saveScenarioFile(scenario, path).catch((error: NodeJS.ErrnoException) => {
      throw new UsageError(
        `Cannot write ${path}: ${error.code === 'ENOENT' ? `the directory ${dirname(path)} does not exist` : (error.code ?? error.message)}.`,
      );
    });
    out.write(`Scenario ${id} written to ${options.out}\n`);
    return;
  }
  out.write(options.format === 'json' ? scenarioToJson(scenario) : scenarioToYaml(scenario));
}
