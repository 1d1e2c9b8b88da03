import { readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { checkChangeHooks } from '../driver-check/change-hooks-check.js';
import { checkDriver, type DriverCheckReport } from '../driver-check/driver-check.js';
import { parseDriverManifest } from '../scorecard/driver-manifest.js';
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
  /** A driver manifest (absolute path): its start command is checked, and its change hooks. */
  manifest?: string;
}

/**
 * `toolshift driver-check 'command:<shell command>'`: runs the command-protocol conformance checks
 * (see `checkDriver`) against a driver and prints one line per check. With `--manifest FILE` (a
 * driver's `toolshift-driver.yaml`) it checks the program the manifest starts, and that the driver
 * registers every change hook the manifest lists (`checkChangeHooks`).
 * @returns `EXIT.ok` when no check failed, `EXIT.mismatch` otherwise.
 * @throws {UsageError} when the client is not `command:<shell command>` or a timeout is not a positive integer.
 */
export async function driverCheckCommand(
  client: string | undefined,
  options: DriverCheckCommandOptions,
  out: NodeJS.WritableStream,
): Promise<number> {
  if (options.manifest !== undefined) return manifestCheck(options.manifest, client, options, out);
  if (
    client === undefined ||
    !client.startsWith(COMMAND_PREFIX) ||
    !client.slice(COMMAND_PREFIX.length).trim()
  )
    throw new UsageError(
      `driver-check takes a client program as '${COMMAND_PREFIX}<shell command>' (got '${client ?? ''}'), or --manifest FILE.`,
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
  return writeReport(report, options, out);
}

/** `--manifest`: the manifest's program (a command driver) and the change hooks it lists. */
async function manifestCheck(
  path: string,
  client: string | undefined,
  options: DriverCheckCommandOptions,
  out: NodeJS.WritableStream,
): Promise<number> {
  if (client !== undefined)
    throw new UsageError('driver-check takes a client program or --manifest, not both.');
  let doc: unknown;
  try {
    doc = parseYaml(await readFile(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`Cannot read the driver manifest ${path}: ${(error as Error).message}`);
  }
  const manifest = parseDriverManifest(doc, path);
  const dir = dirname(path);
  const hooks = checkChangeHooks(manifest, dir);
  if (manifest.kind !== 'command') {
    const checks = hooks;
    return writeReport(
      {
        command: `client module ${manifest.module}`,
        checks,
        messages: 0,
        ok: checks.every((c) => c.status !== 'fail'),
      },
      options,
      out,
    );
  }
  const requestTimeoutMs = options.requestTimeout === undefined ? undefined : Number(options.requestTimeout);
  if (requestTimeoutMs !== undefined && (!Number.isInteger(requestTimeoutMs) || requestTimeoutMs <= 0))
    throw new UsageError(
      `--request-timeout must be a positive integer (ms), got '${options.requestTimeout}'.`,
    );
  const report = await checkDriver(manifest.start!, {
    cwd: dir,
    ...(requestTimeoutMs !== undefined ? { requestTimeoutMs } : {}),
  });
  const checks = [...hooks, ...report.checks];
  return writeReport({ ...report, checks, ok: checks.every((c) => c.status !== 'fail') }, options, out);
}

async function writeReport(
  report: DriverCheckReport,
  options: DriverCheckCommandOptions,
  out: NodeJS.WritableStream,
): Promise<number> {
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
