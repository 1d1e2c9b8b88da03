import { readScriptFile } from '@toolshift/fake-server';
import { startAdminServer, startHttpTransport } from '@toolshift/fake-server/http';
import {
  createProxyServer,
  describeTarget,
  SecretRedactor,
  SessionRecorder,
  type UpstreamTarget,
} from '@toolshift/fake-server/proxy';
import { runStdioServer } from '@toolshift/fake-server/stdio';
import { checkServeOptions, writeReadyFile } from './serve-command.js';
import { closeThenExit, untilShutdown } from './shutdown-signal.js';
import { UsageError } from './usage-error.js';

/** Parsed options of `toolshift proxy`. */
export interface ProxyCommandOptions {
  /** The upstream's Streamable HTTP endpoint. */
  upstream?: string;
  /** A shell command starting the upstream on stdio. */
  upstreamCommand?: string;
  /** `Name: value` headers sent with every upstream HTTP request. */
  upstreamHeader?: string[];
  /** The overlay script (JSON or YAML). */
  script?: string;
  port?: string;
  host?: string;
  stdio?: boolean;
  adminPort?: string;
  readyFile?: string;
  adminToken?: string;
  /** Write the session recording here when the proxy stops. */
  record?: string;
  seed?: string;
}

/**
 * The upstream a `toolshift proxy` command line names.
 * @throws {UsageError} unless exactly one of `--upstream` (an http(s) URL) and `--upstream-command`
 *   is given, or when an `--upstream-header` is not `Name: value`.
 */
export function upstreamTarget(options: ProxyCommandOptions): UpstreamTarget {
  const command = options.upstreamCommand?.trim();
  if ((options.upstream === undefined) === (command === undefined || command === ''))
    throw new UsageError(
      'Give exactly one of --upstream <url> (a Streamable HTTP endpoint) and --upstream-command "<cmd> [args]" (a server on stdio).',
    );
  const headers: Record<string, string> = {};
  for (const header of options.upstreamHeader ?? []) {
    const colon = header.indexOf(':');
    const name = colon > 0 ? header.slice(0, colon).trim() : '';
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
      throw new UsageError(`--upstream-header must be 'Name: value' (got '${header}').`);
    headers[name.toLowerCase()] = header.slice(colon + 1).trim();
  }
  if (command) {
    if (options.upstreamHeader?.length)
      throw new UsageError(
        '--upstream-header applies to --upstream <url> only (a stdio server takes its credentials from its environment).',
      );
    return { kind: 'stdio', command };
  }
  let url: URL;
  try {
    url = new URL(options.upstream!);
  } catch {
    throw new UsageError(`--upstream must be an http(s) URL (got '${options.upstream}').`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--upstream must be an http(s) URL (got '${options.upstream}').`);
  return { kind: 'http', url: url.toString(), ...(Object.keys(headers).length ? { headers } : {}) };
}

/** The secrets a recording must never hold: the upstream headers' values and the URL's password and query values. */
function secretsOf(target: UpstreamTarget): string[] {
  if (target.kind === 'stdio') return [];
  const url = new URL(target.url);
  return [
    ...Object.values(target.headers ?? {}).flatMap((value) => [value, ...value.split(' ').slice(1)]),
    ...(url.password ? [decodeURIComponent(url.password)] : []),
    ...[...url.searchParams.values()],
  ];
}

/**
 * `toolshift proxy --upstream URL | --upstream-command "CMD" [--script overlay.yaml]`: puts the fake
 * server in front of a real MCP server (see `createProxyServer`) and serves it like `toolshift
 * serve` does: Streamable HTTP (both eras the upstream speaks, admin API under `/__toolshift`), or
 * stdio with `--stdio` (and `--admin-port`). With `--record FILE` the session (every frame both
 * ways with timing, secrets redacted) is written to FILE when the proxy stops, for `toolshift
 * scenario from-recording`. Runs until a signal, the parent's exit, or (stdio) the end of stdin.
 * @throws {UsageError} for bad flags.
 * @throws {ScriptError} for an overlay script that is missing or invalid.
 * @throws {ToolshiftError} PROXY_UPSTREAM_UNAVAILABLE / PROXY_OVERLAY_CONFLICT (see `createProxyServer`).
 */
export async function proxyCommand(options: ProxyCommandOptions): Promise<void> {
  const ports = checkServeOptions({ ...options, script: options.script ?? '' });
  const target = upstreamTarget(options);
  if (options.seed !== undefined && !/^\d+$/.test(options.seed))
    throw new UsageError(`--seed must be an integer ≥ 0 (got '${options.seed}').`);
  const script = options.script ? await readScriptFile(options.script) : undefined;
  const where = describeTarget(target);
  const recorder = options.record
    ? new SessionRecorder(where, new SecretRedactor(secretsOf(target)))
    : undefined;
  const proxy = await createProxyServer({
    upstream: target,
    ...(script !== undefined ? { script, scriptSource: options.script! } : {}),
    sessionIds: 'random',
    ...(options.seed !== undefined ? { seed: Number(options.seed) } : {}),
    ...(recorder ? { wrapChannel: recorder.tap } : {}),
  });
  recorder?.attach(proxy.server, proxy.profile);
  const log = options.stdio ? process.stderr : process.stdout;
  const summary = `toolshift proxy for ${where} (${proxy.profile.name} ${proxy.profile.version}; ${proxy.profile.eras.join(' and ')}; changes followed by ${proxy.watchMode === 'none' ? 're-reading its list on each listing' : proxy.watchMode})\n`;
  const stop = async (close: () => Promise<void>) => {
    await closeThenExit(async () => {
      await close();
      await proxy.close();
      recorder?.stop();
      if (recorder && options.record) {
        await recorder.write(options.record);
        process.stderr.write(`session recorded to ${options.record}\n`);
      }
    });
  };
  const host = options.host ?? '127.0.0.1';
  const token = options.adminToken;
  if (options.stdio) {
    const admin =
      ports.adminPort === undefined
        ? undefined
        : await startAdminServer(proxy.server, {
            host,
            port: ports.adminPort,
            ...(token !== undefined ? { token } : {}),
          });
    const stdio = runStdioServer(proxy.server, { stdin: process.stdin, stdout: process.stdout });
    log.write(summary);
    if (admin) log.write(`admin API ${admin.url}\n`);
    if (options.readyFile)
      await writeReadyFile(options.readyFile, {
        stdio: true,
        ...(admin ? { adminUrl: admin.url } : {}),
        pid: process.pid,
      });
    const reason = await Promise.race([stdio.closed, untilShutdown().then(() => 'signal' as const)]);
    if (reason === 'signal') stdio.close('graceful');
    await stop(async () => {
      await admin?.close();
    });
  }
  const http = await startHttpTransport(proxy.server, {
    port: ports.port,
    host,
    ...(token !== undefined ? { adminToken: token } : {}),
  }).catch(async (error: NodeJS.ErrnoException) => {
    await proxy.close();
    throw error.code === 'EADDRINUSE' || error.code === 'EACCES' || error.code === 'EADDRNOTAVAIL'
      ? new UsageError(
          `Cannot listen on ${host}:${ports.port}: ${error.code}. Pick another --port or --host.`,
        )
      : error;
  });
  log.write(`${summary}${http.url}\n`);
  if (http.adminUrl) log.write(`admin API ${http.adminUrl}\n`);
  if (options.readyFile)
    await writeReadyFile(options.readyFile, {
      url: http.url,
      ...(http.adminUrl ? { adminUrl: http.adminUrl } : {}),
      stdio: false,
      pid: process.pid,
    });
  await untilShutdown();
  await stop(() => http.close('graceful'));
}
