import type { Era } from '@toolshift/fake-server';
import { SCENARIOS } from '../../catalog/index.js';
import { CLIENT_ADAPTERS } from '../adapters/index.js';
import { loadExpectedFailures } from '../baseline/expected-failures.js';
import { consoleTableReporter } from '../reports/console-table.js';
import { jsonReporter } from '../reports/json-report.js';
import type { Reporter } from '../reports/reporter.js';
import { runSuite } from '../runner/run-suite.js';
import { defaultBaselinePath } from './package-root.js';

/** Parsed options of `toolshift run`. */
export interface RunCommandOptions {
  client: string[];
  era: 'legacy' | 'modern' | 'both';
  scenario?: string[];
  json?: string;
  baseline?: string | false;
  settleTimeout?: string;
  seed?: string;
}

/** A usage error: the CLI prints it and exits 2. */
export class UsageError extends Error {}

/**
 * `toolshift run`: runs the selected scenarios × eras × clients and prints the table.
 * @returns the process exit code (0 = results match the baseline, 1 = they do not).
 * @throws {UsageError} for an unknown client, scenario or era.
 */
export async function runCommand(options: RunCommandOptions): Promise<number> {
  const clientNames = options.client
    .flatMap((value) => value.split(','))
    .map((name) => name.trim())
    .filter(Boolean);
  const clients = clientNames.map((name) => {
    const factory = CLIENT_ADAPTERS[name];
    if (!factory)
      throw new UsageError(
        `Unknown client '${name}'. Known clients: ${Object.keys(CLIENT_ADAPTERS).join(', ')}.`,
      );
    return factory;
  });
  const ids = options.scenario
    ?.flatMap((value) => value.split(','))
    .map((id) => id.trim())
    .filter(Boolean);
  const scenarios = ids?.length
    ? ids.map((id) => {
        const scenario = SCENARIOS.find((candidate) => candidate.id === id);
        if (!scenario)
          throw new UsageError(`Unknown scenario '${id}'. Run 'toolshift list' to see every scenario id.`);
        return scenario;
      })
    : SCENARIOS;
  if (!['legacy', 'modern', 'both'].includes(options.era)) {
    throw new UsageError(`--era must be legacy, modern or both (got '${options.era}').`);
  }
  const eras: Era[] = options.era === 'both' ? ['legacy', 'modern'] : [options.era];
  const baseline =
    options.baseline === false
      ? undefined
      : await loadExpectedFailures(options.baseline ?? defaultBaselinePath());
  const reporters: Reporter[] = [consoleTableReporter()];
  if (options.json) reporters.push(jsonReporter(options.json));
  const summary = await runSuite({
    scenarios,
    eras,
    clients,
    ...(baseline ? { baseline } : {}),
    reporters,
    ...(options.settleTimeout
      ? { settleTimeoutMs: parsePositive(options.settleTimeout, '--settle-timeout') }
      : {}),
    ...(options.seed ? { seed: parsePositive(options.seed, '--seed') } : {}),
  });
  if (options.json) process.stdout.write(`JSON report written to ${options.json}\n`);
  return summary.exitCode;
}

function parsePositive(value: string, flag: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new UsageError(`${flag} must be a non-negative integer (got '${value}').`);
  return n;
}
