import { rename, writeFile } from 'node:fs/promises';
import {
  ADMIN_TOKEN_ENV,
  createFakeServer,
  type ExitProcessStep,
  loadScriptFile,
} from '@toolshift/fake-server';
import {
  type ModelBaseUrls,
  serveModelProvider,
  startAdminServer,
  startHttpTransport,
} from '@toolshift/fake-server/http';
import { createModelProvider } from '@toolshift/fake-server/model';
import { runStdioServer } from '@toolshift/fake-server/stdio';
import { closeThenExit, untilShutdown } from './shutdown-signal.js';
import { UsageError } from './usage-error.js';

/** Parsed options of `toolshift serve`. */
export interface ServeCommandOptions {
  script: string;
  port?: string;
  host?: string;
  /** Serve MCP on stdin/stdout instead of HTTP. */
  stdio?: boolean;
  /** With `--stdio`: also serve the admin API over HTTP on this port (0 = ephemeral). */
  adminPort?: string;
  /** Write {@link ServeReady} as JSON to this file once the server listens. */
  readyFile?: string;
  /** Require `Authorization: Bearer <token>` on every admin API request (`--admin-token`, or `TOOLSHIFT_ADMIN_TOKEN`). */
  adminToken?: string;
}

/**
 * What `--ready-file` holds once the server is ready: where it listens (with `--port 0`, the port
 * picked), for scripts and health checks that start `toolshift serve` in the background.
 */
export interface ServeReady {
  /** The MCP endpoint; absent with `--stdio`. */
  url?: string;
  /** The admin API prefix (`…/__toolshift`); with `--stdio`, only when `--admin-port` was given. */
  adminUrl?: string;
  /** Whether MCP goes over stdin/stdout. */
  stdio: boolean;
  pid: number;
}

/** Writes `ready` to `file` atomically (a reader never sees half of it). */
export async function writeReadyFile(file: string, ready: ServeReady): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, `${JSON.stringify(ready)}\n`);
  await rename(partial, file);
}

function parsePort(value: string | undefined, flag: string): number {
  if (value === undefined) return 0;
  const port = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`${flag} must be a port number 0–65535, 0 for any free port (got '${value}').`);
  return port;
}

/**
 * Checks the flag combination before anything starts.
 * @throws {UsageError} for a bad port, `--admin-port` without `--stdio` (the HTTP endpoint serves
 *   the admin API itself, under `/__toolshift`), `--port` with `--stdio`, or an empty admin token.
 */
export function checkServeOptions(options: ServeCommandOptions): { port: number; adminPort?: number } {
  if (options.stdio && options.port !== undefined)
    throw new UsageError(
      '--port does not apply with --stdio (MCP goes over stdin/stdout); use --admin-port N for the admin API.',
    );
  if (!options.stdio && options.adminPort !== undefined)
    throw new UsageError(
      `--admin-port needs --stdio: over HTTP the admin API is served on the MCP port itself, under /__toolshift.`,
    );
  if (options.adminToken !== undefined && options.adminToken.trim() === '')
    throw new UsageError(
      `--admin-token (or ${ADMIN_TOKEN_ENV}) must not be empty; leave it unset to serve the admin API without a token.`,
    );
  const port = parsePort(options.port, '--port');
  return options.adminPort === undefined
    ? { port }
    : { port, adminPort: parsePort(options.adminPort, '--admin-port') };
}

/** The lines `serve` prints for the fake model provider: one base URL per provider SDK. */
export function modelUrlLines(urls: ModelBaseUrls): string {
  return [
    `model provider ${urls.url}`,
    `  OPENAI_BASE_URL=${urls.openai}`,
    `  ANTHROPIC_BASE_URL=${urls.anthropic}`,
    `  GOOGLE_GEMINI_BASE_URL=${urls.gemini}`,
  ]
    .map((line) => `${line}\n`)
    .join('');
}

/**
 * `toolshift serve --script FILE [--port N]`: plays a script on a Streamable HTTP endpoint (both
 * eras, admin API under `/__toolshift`), prints its URL, and runs until SIGINT, SIGTERM or SIGHUP,
 * or until the process that started it is gone (`untilShutdown`), then closes every stream
 * gracefully and exits (at most 5 s later; a second signal exits at once). The fake model provider is served on the same port (`/v1/…`,
 * `/v1beta/…`), recording into the same transcript; its base URLs are printed too.
 *
 * `toolshift serve --stdio --script FILE [--admin-port N]`: plays it on stdin/stdout
 * (newline-delimited JSON-RPC; the process is the session) for clients that spawn their server.
 * Messages go to stderr, since stdout is the MCP channel; `--admin-port` also serves the admin API
 * over HTTP and prints its URL on stderr, with the fake model provider's base URLs (it then listens
 * on a port of its own). The process exits when stdin ends, at once when a script drops the channel
 * (the client sees the server go away), and with the step's code when an `exitProcess` step runs
 * (in either mode).
 *
 * The admin API (either mode) is guarded like every admin listener: loopback `Host`, no web
 * `Origin`, JSON writes, and with `--admin-token` (or `TOOLSHIFT_ADMIN_TOKEN`) a bearer token.
 * Legacy session ids are random per process (`sessionIds: 'random'`), never repeated by a restart.
 *
 * With `--ready-file FILE`, once listening it writes {@link ServeReady} (the URLs, so `--port 0`
 * can be used by a script that starts the server in the background) to FILE, atomically.
 * @throws {UsageError} for bad flags (see {@link checkServeOptions}).
 * @throws {ScriptError} when the script file is missing or invalid (the message names the path and rule).
 */
export async function serveCommand(options: ServeCommandOptions): Promise<void> {
  const ports = checkServeOptions(options);
  const script = await loadScriptFile(options.script);
  // Session ids from the OS's CSPRNG: a restarted server never hands out an id an earlier one did.
  const server = createFakeServer(script, { sessionIds: 'random' });
  const host = options.host ?? '127.0.0.1';
  const token = options.adminToken;
  if (options.stdio) {
    const admin =
      ports.adminPort === undefined
        ? undefined
        : await startAdminServer(server, {
            host,
            port: ports.adminPort,
            ...(token !== undefined ? { token } : {}),
          });
    const model = await serveModelProvider(createModelProvider({ transcript: server.transcript }), { host });
    const stdio = runStdioServer(server, { stdin: process.stdin, stdout: process.stdout });
    // An exitProcess step ends this process with its code, as a crashing stdio server would.
    server.onProcessExit(exitForStep);
    process.stderr.write(`toolshift fake server playing ${options.script} on stdio\n`);
    if (admin) process.stderr.write(`admin API ${admin.url}\n`);
    if (options.readyFile)
      await writeReadyFile(options.readyFile, {
        stdio: true,
        ...(admin ? { adminUrl: admin.url } : {}),
        pid: process.pid,
      });
    process.stderr.write(modelUrlLines(model.urls));
    const reason = await Promise.race([stdio.closed, untilShutdown().then(() => 'signal' as const)]);
    if (reason === 'signal') stdio.close('graceful');
    // stdout cannot be ended while the process lives: exiting is how a stdio server goes away.
    await closeThenExit(async () => {
      await admin?.close();
      await model.close();
    });
  }
  const http = await startHttpTransport(server, {
    port: ports.port,
    host,
    model: true,
    ...(token !== undefined ? { adminToken: token } : {}),
  }).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'EADDRINUSE' || error.code === 'EACCES' || error.code === 'EADDRNOTAVAIL'
      ? new UsageError(
          `Cannot listen on ${host}:${ports.port}: ${error.code}. Pick another --port or --host.`,
        )
      : error;
  });
  server.onProcessExit(exitForStep);
  process.stdout.write(`toolshift fake server playing ${options.script}\n${http.url}\n`);
  if (http.adminUrl) process.stdout.write(`admin API ${http.adminUrl}\n`);
  if (options.readyFile)
    await writeReadyFile(options.readyFile, {
      url: http.url,
      ...(http.adminUrl ? { adminUrl: http.adminUrl } : {}),
      stdio: false,
      pid: process.pid,
    });
  if (http.modelUrls) process.stdout.write(modelUrlLines(http.modelUrls));
  await untilShutdown();
  await closeThenExit(() => http.close('graceful'));
}

/**
 * Ends this process for an `exitProcess` step: with its code, or by SIGKILL (`how: 'kill'`). A
 * closed stdout that keeps the process running (`how: 'close-stdout'`) and a child left holding
 * stdout (`grandchild`) are what a stdio cell's server process does; `serve` exits instead and
 * says so on stderr.
 */
function exitForStep(code: number, step: ExitProcessStep): void {
  if (step.how === 'kill') {
    process.stderr.write('toolshift fake server: exitProcess step, killed by SIGKILL\n');
    process.kill(process.pid, 'SIGKILL');
    return;
  }
  const unsupported = [
    ...(step.how === 'close-stdout' ? ["how: 'close-stdout'"] : []),
    ...(step.grandchild ? ['grandchild'] : []),
  ];
  process.stderr.write(
    `toolshift fake server: exitProcess step, exiting with code ${code}${unsupported.length > 0 ? ` (${unsupported.join(' and ')}: only a stdio cell's server process does that; toolshift serve exits)` : ''}\n`,
  );
  process.exit(code);
}
