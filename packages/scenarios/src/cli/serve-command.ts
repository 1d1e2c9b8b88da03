import { createFakeServer, loadScriptFile } from '@toolshift/fake-server';
import { startAdminServer, startHttpTransport } from '@toolshift/fake-server/http';
import { runStdioServer } from '@toolshift/fake-server/stdio';

/** Parsed options of `toolshift serve`. */
export interface ServeCommandOptions {
  script: string;
  port?: string;
  host?: string;
  /** Serve MCP on stdin/stdout instead of HTTP. */
  stdio?: boolean;
  /** With `--stdio`: also serve the admin API over HTTP on this port (0 = ephemeral). */
  adminPort?: string;
}

function parsePort(value: string | undefined, flag: string): number {
  const port = value === undefined ? 0 : Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`${flag} must be 0–65535 (got '${value}').`);
  return port;
}

function untilSignal(): Promise<void> {
  return new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}

/**
 * `toolshift serve --script FILE [--port N]`: plays a script on a Streamable HTTP endpoint (both
 * eras, admin API under `/__toolshift`), prints its URL, and runs until SIGINT/SIGTERM, then closes
 * every stream gracefully.
 *
 * `toolshift serve --stdio --script FILE [--admin-port N]`: plays it on stdin/stdout
 * (newline-delimited JSON-RPC; the process is the session) for clients that spawn their server.
 * Messages go to stderr, since stdout is the MCP channel; `--admin-port` also serves the admin API
 * over HTTP and prints its URL on stderr. The process exits when stdin ends, or at once when a
 * script drops the channel (the client sees the server go away).
 * @throws {ScriptError} when the script file is missing or invalid (the message names the path and rule).
 */
export async function serveCommand(options: ServeCommandOptions): Promise<void> {
  const script = await loadScriptFile(options.script);
  const server = createFakeServer(script);
  const host = options.host ?? '127.0.0.1';
  if (options.stdio) {
    const admin =
      options.adminPort === undefined
        ? undefined
        : await startAdminServer(server, { host, port: parsePort(options.adminPort, '--admin-port') });
    const stdio = runStdioServer(server, { stdin: process.stdin, stdout: process.stdout });
    process.stderr.write(`toolshift fake server playing ${options.script} on stdio\n`);
    if (admin) process.stderr.write(`admin API ${admin.url}\n`);
    const reason = await Promise.race([stdio.closed, untilSignal().then(() => 'signal' as const)]);
    if (reason === 'signal') stdio.close('graceful');
    await admin?.close();
    // stdout cannot be ended while the process lives: exiting is how a stdio server goes away.
    process.exit(0);
  }
  const http = await startHttpTransport(server, { port: parsePort(options.port, '--port'), host });
  process.stdout.write(`toolshift fake server playing ${options.script}\n${http.url}\n`);
  if (http.adminUrl) process.stdout.write(`admin API ${http.adminUrl}\n`);
  await untilSignal();
  await http.close('graceful');
}
