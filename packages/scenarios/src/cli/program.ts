import { ADMIN_TOKEN_ENV, isToolshiftError } from '@toolshift/fake-server';
import { Command, CommanderError, Option } from 'commander';
import { PROPERTIES } from '../properties/index.js';
import { closeIsolatedClients } from '../runner/client-process/isolated-client.js';
import { clientsCommand } from './clients-command.js';
import { driverCheckCommand } from './driver-check-command.js';
import { EXIT } from './exit-codes.js';
import { explainCommand } from './explain-command.js';
import { exploreCommand } from './explore-command.js';
import { exportCommand } from './export-command.js';
import { listCommand } from './list-command.js';
import { mergeReportsCommand } from './merge-reports-command.js';
import { packageVersion } from './package-root.js';
import { addProxyCommands } from './proxy-program.js';
import { replayCommand } from './replay-command.js';
import { COMMAND_PREFIX, resolveClients } from './resolve-clients.js';
import { resolvePaths } from './resolve-paths.js';
import { addRunCommand } from './run-program.js';
import { type ScorecardCommandOptions, scorecardCommand } from './scorecard-command.js';
import { scorecardMergeCommand } from './scorecard-merge-command.js';
import { serveCommand } from './serve-command.js';
import { UsageError } from './usage-error.js';
import { resolveUserPath, userDirectory } from './user-path.js';
import { verifyReportCommand } from './verify-report-command.js';

/** Where the CLI writes and which directory relative paths are taken from. */
export interface CliIo {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
  /** Relative paths on the command line are resolved against it (default: {@link userDirectory}). */
  cwd?: string;
}

/** The `toolshift` command line; each action stores its exit code in `exit.code`. */
function createProgram(io: Required<CliIo>, exit: { code: number }): Command {
  const program = new Command()
    .name('toolshift')
    .description('Test MCP clients against a programmable fake MCP server whose tools change while they run.')
    .configureOutput({
      writeOut: (text) => io.out.write(text),
      writeErr: (text) => io.err.write(text),
      // One line: `toolshift: unknown option '--clinet' (did you mean --client?)`, then the hint.
      outputError: (text, write) =>
        write(
          text
            .replace(/^error: /, 'toolshift: ')
            .replace(/\n\((Did you mean [^)]*)\)/, (_all, hint: string) => ` (d${hint.slice(1)})`),
        ),
    })
    .version(packageVersion(), '-V, --version', 'print the toolshift version')
    .showHelpAfterError("Run 'toolshift --help' for usage.")
    .exitOverride();

  addRunCommand(program, io, exit);

  program
    .command('explain')
    .description(
      "Print a cell's failing checks with the transcript frames they cite (what each proves, and the frame as JSON): from a JSON report, or by running the cell again.",
    )
    .argument('<cell>', 'scenario/era/transport/client, as the table and the reports name cells')
    .option(
      '--report <file>',
      'read the cell from this JSON report (toolshift run --json FILE) instead of running it again',
    )
    .option('--client-module <files...>', "the modules that define the cell's client, as the run had them")
    .option('--scenario-file <files...>', "the file that defines the cell's scenario, as the run had it")
    .option('--command <command>', "the conformance-style program of a 'conformance' cell (run --command)")
    .option('--seed <n>', "the run's --seed, when it had one")
    .option('--proxy-upstream <target>', "the run's --proxy-upstream, when it had one")
    .option('--all-frames', 'also list every frame of the cell, evidence marked')
    .action(async (cell: string, options) => {
      exit.code = await explainCommand(
        cell,
        { ...resolvePaths(options, ['report', 'clientModule', 'scenarioFile'], io.cwd), cwd: io.cwd },
        io.out,
      );
    });

  program
    .command('merge-reports')
    .description(
      'Merge the JSON reports of a sharded run (toolshift run --shard i/n --json FILE) back into one run: its table, exit code and reports.',
    )
    .argument('<files...>', "every shard's JSON report, once")
    .option('--json <file>', 'write the merged JSON report')
    .option('--junit <file>', 'write the merged JUnit XML report')
    .action(async (files: string[], options) => {
      exit.code = await mergeReportsCommand(
        files.map((file) => resolveUserPath(file, io.cwd)),
        resolvePaths(options, ['json', 'junit'], io.cwd),
        io.out,
      );
    });

  program
    .command('verify-report')
    .description(
      'Tell whether report files (JSON, JUnit, HTML) are still what their run wrote: each must hash to the digest it names, and with --digest, to one the run printed.',
    )
    .argument('<files...>', 'report files written by toolshift run or merge-reports')
    .option('--digest <digests...>', "the digests 'toolshift run' printed at its end (sha256:<hex>)")
    .action(async (files: string[], options: { digest?: string[] }) => {
      exit.code = await verifyReportCommand(
        files.map((file) => resolveUserPath(file, io.cwd)),
        options,
        io.out,
      );
    });

  program
    .command('serve')
    .description('Play a script on a Streamable HTTP endpoint (both eras) or on stdio, and print where.')
    .requiredOption('--script <file>', 'script file (JSON or YAML)')
    .option('--port <n>', 'TCP port (default: ephemeral)')
    .option('--host <addr>', 'bind address', '127.0.0.1')
    .option('--stdio', 'serve MCP on stdin/stdout (newline-delimited JSON-RPC) instead of HTTP')
    .option(
      '--admin-port <n>',
      'with --stdio: also serve the admin API over HTTP on this port (0: ephemeral)',
    )
    .option(
      '--ready-file <file>',
      'once listening, write {url, adminUrl, stdio, pid} as JSON to FILE (atomically), e.g. to learn the port picked for --port 0',
    )
    .addOption(
      new Option(
        '--admin-token <token>',
        `require 'Authorization: Bearer <token>' on every admin API request (prefer the environment variable: a flag shows in the process list)`,
      ).env(ADMIN_TOKEN_ENV),
    )
    .action(async (options) => {
      await serveCommand(resolvePaths(options, ['script', 'readyFile'], io.cwd));
    });

  addProxyCommands(program, io, exit);

  program
    .command('list')
    .description('List every scenario with its id, source, eras, transports and checks.')
    .option('--json', 'print JSON')
    .action((options) => listCommand(options, io.out));

  program
    .command('driver-check')
    .description(
      'Check that a client program follows the command protocol: handshake, every request kind its features enable, error paths, stdio and up-front servers, and every message against the JSON Schema.',
    )
    .argument('[client]', `the program, as '${COMMAND_PREFIX}<shell command>' (or give --manifest)`)
    .option(
      '--manifest <file>',
      "a driver's toolshift-driver.yaml: check the program it starts, and that the driver registers each change hook the manifest lists",
    )
    .option('--json <file>', 'also write the report as JSON')
    .option('--request-timeout <ms>', 'how long each request may take to be answered (default 15000)')
    .action(
      async (
        client: string | undefined,
        options: { json?: string; requestTimeout?: string; manifest?: string },
      ) => {
        const resolved = resolvePaths(options, ['json', 'manifest'], io.cwd);
        exit.code = await driverCheckCommand(client, { ...resolved, cwd: io.cwd }, io.out);
      },
    );

  program
    .command('scorecard')
    .description(
      "Run the suite for every driver under clients/<language>/<library>/ (in parallel up to the cores) and write SCORECARD.md, scorecard/<client>.md and scorecard/scorecard.json. 'scorecard merge FILE...' combines parts written with --out.",
    )
    .argument('[merge]', "'merge': combine the parts given as FILE... instead of running")
    .argument('[files...]', 'with merge: the parts (toolshift scorecard --driver ID --out FILE)')
    .option(
      '--driver <ids...>',
      'only these drivers (clients/<language>/<library>, client name, or client-language)',
    )
    .option('--scenario <ids...>', 'only these scenarios (default: the whole catalog)')
    .option(
      '--smoke',
      "only each driver's CI smoke selection (the smoke list of its manifest), in legacy and modern",
    )
    .option('--era <era>', 'cell eras: legacy, modern, dual, both, all (default all; --smoke: both)')
    .option('--transport <kinds...>', 'transports (default http)')
    .option('--concurrency <n>', 'drivers run at once (default: the cores)')
    .option('--dry-run', 'print SCORECARD.md instead of writing files')
    .option(
      '--rerender',
      "run nothing: re-apply the libraries' baselines to scorecard/scorecard.json and write the pages again",
    )
    .option(
      '--repros',
      "run each root cause's standalone reproduction (scorecard/repros/) and report whether it still shows its bug",
    )
    .option(
      '--out <file>',
      'write the rows to FILE as a part of a scorecard (merge parts with scorecard merge)',
    )
    .action(
      async (
        subcommand: string | undefined,
        files: string[],
        options: Omit<ScorecardCommandOptions, 'root'>,
      ) => {
        if (subcommand !== undefined && subcommand !== 'merge')
          throw new UsageError(`Unknown scorecard subcommand '${subcommand}' (only 'merge FILE...').`);
        if (subcommand === 'merge') {
          exit.code = await scorecardMergeCommand(
            files.map((file) => resolveUserPath(file, io.cwd)),
            io.cwd,
            io.out,
          );
          return;
        }
        const resolved = resolvePaths(options, ['out'], io.cwd);
        exit.code = await scorecardCommand({ ...resolved, root: io.cwd }, io.out);
      },
    );

  program
    .command('clients')
    .description('List every client --client accepts, with its kind, transports and host features.')
    .option('--client-module <files...>', 'also list the clients these ES modules export')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean; clientModule?: string[] }) => {
      const modules = resolvePaths(options, ['clientModule'], io.cwd).clientModule ?? [];
      const { known } = await resolveClients(undefined, modules, io.cwd);
      try {
        clientsCommand(options, io.out, [...known.values()]);
      } finally {
        await closeIsolatedClients(known.values());
      }
    });

  program
    .command('export')
    .description(
      'Write a catalog scenario as a scenario file (YAML by default) to edit and run with --scenario-file.',
    )
    .argument('<id>', 'scenario id')
    .addOption(
      new Option('--format <format>', 'output format on stdout').choices(['yaml', 'json']).default('yaml'),
    )
    .option('--out <file>', 'write to FILE (.yaml/.yml: YAML, else JSON)')
    .action(async (id, options) => {
      await exportCommand(id, resolvePaths(options, ['out'], io.cwd), io.out);
    });

  program
    .command('explore')
    .description(
      'Explore property suites against a client: generated inputs and interleavings, a shrunk counterexample and a replay file for each property that fails. Exit 0: every property held; 1: one failed.',
    )
    .option(
      '--client <name>',
      "the client to explore: reference, sdk, defect:<name>, unusual:<name>, or a --client-module client (default: the module's only client, else reference); command: programs cannot be explored",
    )
    .option(
      '--client-module <files...>',
      "ES modules exporting ClientAdapterFactory objects; their trials run in the module's own client process",
    )
    .option('--property <ids...>', `property suites (default: all): ${Object.keys(PROPERTIES).join(', ')}`)
    .option('--runs <n>', 'runs per property', '100')
    .option('--seed <n>', 'fast-check seed (default: a fresh one, printed)')
    .option(
      '--replay-dir <dir>',
      'where replay files go (default: $TOOLSHIFT_REPLAY_DIR, else <tmp>/toolshift-replays)',
    )
    .option('--no-shrink', 'report the first counterexample found, unshrunk')
    .action(async (options) => {
      exit.code = await exploreCommand(
        { ...resolvePaths(options, ['replayDir', 'clientModule'], io.cwd), cwd: io.cwd },
        io.out,
      );
    });

  program
    .command('replay')
    .description(
      'Replay a recorded failing run (a property counterexample) with its recorded interleaving. Exit 0: the property holds; 1: the failure reproduces; 4: inconclusive (the recorded interleaving does not fit this client).',
    )
    .argument('<file>', 'replay file written by a failing property run')
    .option(
      '--client <name>',
      'replay against this client instead of the recorded one (not a command: program)',
    )
    .option(
      '--client-module <files...>',
      'ES modules exporting ClientAdapterFactory objects (needed when the recorded client came from one)',
    )
    .option('--transcript <file>', 'write the replayed transcript as JSONL')
    .action(async (file: string, options) => {
      exit.code = await replayCommand(
        resolveUserPath(file, io.cwd),
        { ...resolvePaths(options, ['transcript', 'clientModule'], io.cwd), cwd: io.cwd },
        io.out,
      );
    });

  // A mistake prints one line and where to read the usage, never the whole help.
  for (const command of program.commands)
    command.showHelpAfterError(`Run 'toolshift ${command.name()} --help' for usage.`);
  return program;
}

/** `Run 'toolshift run --help' for usage.` for the command `args` named (the program's when none). */
function usageHint(program: Command, args: readonly string[]): string {
  const command = program.commands.find((each) => each.name() === args[0]);
  return `Run 'toolshift ${command ? `${command.name()} ` : ''}--help' for usage.`;
}

/** The names of the CLI's commands (`run`, `serve`, …), in the order `--help` lists them. */
export function cliCommandNames(): string[] {
  const sink = { write: () => true } as unknown as NodeJS.WritableStream;
  return createProgram({ out: sink, err: sink, cwd: process.cwd() }, { code: 0 }).commands.map((command) =>
    command.name(),
  );
}

/**
 * Runs the `toolshift` CLI on `args` (without `node` and the script path) and returns its exit code
 * (see {@link EXIT}): command-line mistakes commander catches (unknown option, command or choice)
 * and toolshift's own usage and input errors print one message and give 2, never a stack trace.
 */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  const full: Required<CliIo> = { ...io, cwd: io.cwd ?? userDirectory() };
  const exit = { code: EXIT.ok as number };
  const program = createProgram(full, exit);
  try {
    await program.parseAsync([...args], { from: 'user' });
    return exit.code;
  } catch (error) {
    if (error instanceof CommanderError)
      // Commander printed the message (and the help); help and --version end with code 0.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    if (error instanceof UsageError || isToolshiftError(error)) {
      full.err.write(`toolshift: ${(error as Error).message}\n`);
      // A command-line mistake points at the usage; an input file's message already says the fix.
      if (error instanceof UsageError) full.err.write(`${usageHint(program, args)}\n`);
      return EXIT.usage;
    }
    full.err.write(`toolshift: unexpected error: ${(error as Error).stack ?? String(error)}\n`);
    return EXIT.internal;
  }
}
