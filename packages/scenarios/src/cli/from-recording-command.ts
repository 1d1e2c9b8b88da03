import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { SessionRecording } from '@toolshift/fake-server/proxy';
import { scenarioFromRecording } from '../recording/scenario-from-recording.js';
import { parseScenario } from '../scenario-file/parse-scenario.js';
import { saveScenarioFile, scenarioToYaml } from '../scenario-file/serialize-scenario.js';
import { EXIT } from './exit-codes.js';
import { UsageError } from './usage-error.js';

/** Options of `toolshift scenario from-recording`. */
export interface FromRecordingOptions {
  /** Write the scenario here (.json: JSON, else YAML); default: YAML on stdout. */
  out?: string;
  /** The scenario id. */
  id?: string;
}

/**
 * `toolshift scenario from-recording FILE [--out SCENARIO] [--id ID]`: reads a session recorded by
 * `toolshift proxy --record` and writes the scenario replaying it (see `scenarioFromRecording`),
 * checked against the scenario schema before anything is written.
 * @returns the exit code (0).
 * @throws {UsageError} when the file cannot be read, is not a toolshift session recording, or
 *   `--out` cannot be written.
 */
export async function fromRecordingCommand(
  file: string,
  options: FromRecordingOptions,
  out: NodeJS.WritableStream = process.stdout,
): Promise<number> {
  let recording: SessionRecording;
  try {
    recording = JSON.parse(await readFile(file, 'utf8')) as SessionRecording;
  } catch (error) {
    throw new UsageError(
      `Cannot read the recording ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`,
    );
  }
  if (recording?.toolshiftRecording !== 1 || !Array.isArray(recording.events))
    throw new UsageError(
      `${file} is not a toolshift session recording (/toolshiftRecording must be 1 and /events a list). Record one with 'toolshift proxy --record FILE'.`,
    );
  if (options.id !== undefined && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(options.id))
    throw new UsageError(`--id must be lower-case words joined by '-' (got '${options.id}').`);
  let scenario: ReturnType<typeof scenarioFromRecording>;
  try {
    scenario = scenarioFromRecording(recording, options.id ? { id: options.id } : {});
  } catch (error) {
    throw new UsageError(`Cannot turn ${file} into a scenario: ${(error as Error).message}.`);
  }
  // Never write a scenario the runner would refuse.
  parseScenario(scenario, file);
  if (options.out) {
    const path = options.out;
    await saveScenarioFile(scenario, path).catch((error: NodeJS.ErrnoException) => {
      throw new UsageError(
        `Cannot write ${path}: ${error.code === 'ENOENT' ? `the directory ${dirname(path)} does not exist` : (error.code ?? error.message)}.`,
      );
    });
    out.write(
      `Scenario ${scenario.id} written to ${path} (${scenario.servers[0]?.script?.steps?.length ?? 0} catalog change(s), ${scenario.clientActions.filter((a) => a.do === 'call').length} call(s))\n`,
    );
    return EXIT.ok;
  }
  out.write(scenarioToYaml(scenario));
  return EXIT.ok;
}
