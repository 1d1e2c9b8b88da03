import { writeFile } from 'node:fs/promises';
import { checkDriver, type DriverCheckReport } from '../driver-check/driver-check.js';
import { EXIT } from './exit-codes.js';
import { COMMAND_PREFIX } from './resolve-clients.js';
import { UsageError } from './usage-error.js';

/** Options of `toolshift driver-check`. */
export interface DriverCheckCommandOptions {
  /** Also write the report as JSON to this file (absolute path). */
  json?: string;
  /** How long each request may take to be answered, ms. */
  requestTimeout?: string;
  /** Directory the driver runs in. */
  cwd: string;
}

/**
 * `toolshift driver-check 'command:<shell command>'`: runs the command-protocol conformance checks
 * (see `checkDriver`) against a driver and prints one line per check.
 * @returns `EXIT.ok` when no check failed, `EXIT.mismatch` otherwise.
 * @throws {UsageError} when the client is not `command:<shell command>` or a timeout is not a positive integer.
 */
export async function driverCheckCommand(
  client: string,
  options: DriverCheckCommandOptions,
  out: NodeJS.WritableStream,
): Promise<number> {
  if (!client.startsWith(COMMAND_PREFIX) || !client.slice(COMMAND_PREFIX.length).trim())
    throw new UsageError(
      `driver-check takes a client program as '${COMMAND_PREFIX}<shell command>' (got '${client}').`,
    );
  const requestTimeoutMs = options.requestTimeout === undefined ? undefined : Number(options.requestTimeout);
  if (requestTimeoutMs !== undefined && (!Number.isInteger(requestTimeoutMs) || requestTimeoutMs <= 0))
    throw new UsageError(
      `--request-timeout must be a positive integer (ms), got '${options.requestTimeout}'.`,
    );
  const report = await checkDriver(client.slice(COMMAND_PREFIX.length).trim(), {
    cwd: options.cwd,
    ...(requestTimeoutMs !== undefined ? { requestTimeoutMs } : {}),
  });
  out.write(formatDriverCheck(report));
  if (options.json) {
    await writeFile(options.json, `${JSON.stringify(report, null, 2)}\n`);
    out.write(`JSON report: ${options.json}\n`);
  }
  return report.ok ? EXIT.ok : EXIT.mismatch;
}

/** The report as text: one line per check, then a summary line. */
export function formatDriverCheck(report: DriverCheckReport): string {
  const width = Math.max(...report.checks.map((check) => check.id.length), 10);
  const lines = report.checks.map(
    (check) => `${check.status.padEnd(4)}  ${check.id.padEnd(width)}  ${check.detail}`,
  );
  const failed = report.checks.filter((check) => check.status === 'fail').length;
  const skipped = report.checks.filter((check) => check.status === 'skip').length;
  lines.push(
    '',
    failed
      ? `Result: ${failed} check(s) failed: the driver does not follow the command protocol (exit 1).`
      : `Result: the driver follows the command protocol (${report.checks.length - skipped} checks passed, ${skipped} skipped for features it does not declare).`,
  );
  return `${lines.join('\n')}\n`;
}
