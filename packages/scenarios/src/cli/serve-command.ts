import { createFakeServer, loadScriptFile } from '@toolshift/fake-server';
import { startHttpTransport } from '@toolshift/fake-server/http';

/** Parsed options of `toolshift serve`. */
export interface ServeCommandOptions {
  script: string;
  port?: string;
  host?: string;
}

/**
 * `toolshift serve --script FILE [--port N]`: plays a script on a Streamable HTTP endpoint (both
 * eras), prints its URL, and runs until SIGINT/SIGTERM, then closes every stream gracefully.
 * @throws {ScriptError} when the script file is missing or invalid (the message names the path and rule).
 */
export async function serveCommand(options: ServeCommandOptions): Promise<void> {
  const script = await loadScriptFile(options.script);
  const server = createFakeServer(script);
  const port = options.port === undefined ? 0 : Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0–65535 (got '${options.port}').`);
  const http = await startHttpTransport(server, { port, host: options.host ?? '127.0.0.1' });
  process.stdout.write(`toolshift fake server playing ${options.script}\n${http.url}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await http.close('graceful');
}
