import type { Era } from '@toolshift/fake-server';
import { SCENARIOS } from '../../catalog/index.js';
import { CLIENT_ADAPTERS } from '../adapters/index.js';
import { loadExpectedFailures } from '../baseline/expected-failures.js';
import { consoleTableReporter, FILE_REPORTERS, type Reporter } from '../reports/index.js';
import { runSuite } from '../runner/run-suite.js';
import { type Scenario, type ScenarioTransport, TRANSPORT_KINDS } from '../scenario.js';
import { loadScenarioFile } from '../scenario-file/load-scenario-file.js';
import { defaultBaselinePath } from './package-root.js';
import { UsageError } from './usage-error.js';

/** Parsed options of `toolshift run`. */
export interface RunCommandOptions {
  client: string[];
  era: 'legacy' | 'modern' | 'both';
  scenario?: string[];
  scenarioFile?: string[];
  transport?: string[];
  json?: string;
  junit?: string;
  baseline?: string | false;
  settleTimeout?: string;
  concurrency?: string;
  seed?: string;
}

function list(values: readonly string[] | undefined): string[] {
  return (values ?? [])
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

/**
 * `toolshift run`: runs the selected scenarios (catalog ids and/or scenario files) × eras ×
 * transports × clients, prints the table and writes the requested reports.
 * @returns the process exit code (0 = results match the baseline, 1 = they do not).
 * @throws {UsageError} for an unknown client, scenario, era or transport.
 * @throws {ScenarioError} SCENARIO_INVALID / SCENARIO_FILE_UNREADABLE for a bad scenario file.
 */
export async function runCommand(
  options: RunCommandOptions,
  out: NodeJS.WritableStream = process.stdout,
): Promise<number> {
  const clients = list(options.client).map((name) => {
    const factory = CLIENT_ADAPTERS[name];
    if (!factory)
      throw new UsageError(
        `Unknown client '${name}'. Known clients: ${Object.keys(CLIENT_ADAPTERS).join(', ')}.`,
      );
    return factory;
  });
  const ids = list(options.scenario);
  const files = list(options.scenarioFile);
  const scenarios: Scenario[] = ids.map((id) => {
    const scenario = SCENARIOS.find((candidate) => candidate.id === id);
    if (!scenario)
      throw new UsageError(`Unknown scenario '${id}'. Run 'toolshift list' to see every scenario id.`);
    return scenario;
  });
  for (const file of files) scenarios.push(await loadScenarioFile(file));
  if (ids.length === 0 && files.length === 0) scenarios.push(...SCENARIOS);
  if (!['legacy', 'modern', 'both'].includes(options.era))
    throw new UsageError(`--era must be legacy, modern or both (got '${options.era}').`);
  const eras: Era[] = options.era === 'both' ? ['legacy', 'modern'] : [options.era];
  const transports = list(options.transport);
  for (const transport of transports) {
    if (!(TRANSPORT_KINDS as readonly string[]).includes(transport))
      throw new UsageError(
        `Unknown transport '${transport}'. Known transports: ${TRANSPORT_KINDS.join(', ')}.`,
      );
  }
  const baseline =
    options.baseline === false
      ? undefined
      : await loadExpectedFailures(options.baseline ?? defaultBaselinePath());
  const reporters: Reporter[] = [consoleTableReporter(out)];
  if (options.json) reporters.push(FILE_REPORTERS.json(options.json));
  if (options.junit) reporters.push(FILE_REPORTERS.junit(options.junit));
  const summary = await runSuite({
    scenarios,
    eras,
    clients,
    ...(transports.length ? { transports: transports as ScenarioTransport[] } : {}),
    ...(baseline ? { baseline } : {}),
    reporters,
    ...(options.settleTimeout
      ? { settleTimeoutMs: parseCount(options.settleTimeout, '--settle-timeout', 1) }
      : {}),
    ...(options.concurrency ? { concurrency: parseCount(options.concurrency, '--concurrency', 1) } : {}),
    ...(options.seed ? { seed: parseCount(options.seed, '--seed', 0) } : {}),
  });
  if (options.json) out.write(`JSON report written to ${options.json}\n`);
  if (options.junit) out.write(`JUnit report written to ${options.junit}\n`);
  return summary.exitCode;
}

function parseCount(value: string, flag: string, min: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new UsageError(`${flag} must be an integer ≥ ${min} (got '${value}').`);
  return n;
}
