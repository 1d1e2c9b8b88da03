import { ADMIN_TOKEN_ENV } from '@toolshift/fake-server';
import { type Command, Option } from 'commander';
import { type FromRecordingOptions, fromRecordingCommand } from './from-recording-command.js';
import { proxyCommand } from './proxy-command.js';
import { resolveUserPath } from './user-path.js';

/** Where the real-server commands write and which directory relative paths are taken from. */
export interface ProxyProgramIo {
  out: NodeJS.WritableStream;
  cwd: string;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/**
 * Adds the commands for real servers to the CLI: `proxy` (a fake server in front of a real one)
 * and `scenario from-recording` (a recorded proxy session as a scenario file).
 */
export function addProxyCommands(program: Command, io: ProxyProgramIo, exit: { code: number }): void {
  const path = (value: string | undefined) =>
    value === undefined ? undefined : resolveUserPath(value, io.cwd);
  program
    .command('proxy')
    .description(
      "Put the fake server in front of a real MCP server: the upstream's tools with a script's overlay (add, remove, rename, re-schema, paginate, filter per principal, faults, list_changed), its answers to everything else, one transcript and admin API.",
    )
    .option('--upstream <url>', "the real server's Streamable HTTP endpoint")
    .option(
      '--upstream-command <command>',
      'a shell command that starts the real server on stdio (the proxy spawns it)',
    )
    .option(
      '--upstream-header <header>',
      "'Name: value' sent with every upstream HTTP request (repeatable)",
      collect,
    )
    .option(
      '--script <file>',
      'the overlay script (JSON or YAML): steps, pagination, freshness, faults, auth on top of the upstream',
    )
    .option(
      '--record <file>',
      'when the proxy stops, write the session (every frame both ways with timing, secrets redacted) to FILE',
    )
    .option('--port <n>', 'TCP port (default: ephemeral)')
    .option('--host <addr>', 'bind address', '127.0.0.1')
    .option('--stdio', 'serve MCP on stdin/stdout instead of HTTP')
    .option(
      '--admin-port <n>',
      'with --stdio: also serve the admin API over HTTP on this port (0: ephemeral)',
    )
    .option('--ready-file <file>', 'once listening, write {url, adminUrl, stdio, pid} as JSON to FILE')
    .option('--seed <n>', "override the overlay script's seed")
    .addOption(
      new Option(
        '--admin-token <token>',
        "require 'Authorization: Bearer <token>' on every admin API request",
      ).env(ADMIN_TOKEN_ENV),
    )
    .action(async (options) => {
      await proxyCommand({
        ...options,
        ...(options.script ? { script: path(options.script) } : {}),
        ...(options.record ? { record: path(options.record) } : {}),
        ...(options.readyFile ? { readyFile: path(options.readyFile) } : {}),
      });
    });

  const scenario = program.command('scenario').description('Work with scenario files.');
  scenario
    .command('from-recording')
    .description(
      "Turn a session recorded by 'toolshift proxy --record' into a scenario file: the fake server answers as the upstream did (catalog revisions, pages, errors, call results), the client repeats the session's calls, and the checks default to 'the client ends with the upstream's final catalog'.",
    )
    .argument('<recording>', 'the session recording (JSON)')
    .option('--out <file>', 'write the scenario to FILE (.json: JSON, else YAML); default: YAML on stdout')
    .option('--id <id>', 'the scenario id (default: from the upstream server name)')
    .action(async (recording: string, options: FromRecordingOptions) => {
      exit.code = await fromRecordingCommand(
        resolveUserPath(recording, io.cwd),
        { ...options, ...(options.out ? { out: resolveUserPath(options.out, io.cwd) } : {}) },
        io.out,
      );
    });
}
