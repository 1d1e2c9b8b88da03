#!/usr/bin/env node
import { isToolshiftError } from '@toolshift/fake-server';
import { Command, Option } from 'commander';
import { exportCommand } from './export-command.js';
import { listCommand } from './list-command.js';
import { replayCommand } from './replay-command.js';
import { runCommand } from './run-command.js';
import { serveCommand } from './serve-command.js';
import { UsageError } from './usage-error.js';

const program = new Command()
  .name('toolshift')
  .description('Test MCP clients against a programmable fake MCP server whose tools change while they run.')
  .showHelpAfterError();

program
  .command('run')
  .description('Run scenarios against one or more clients and print the result table.')
  .option(
    '--client <names...>',
    'clients to test: reference, sdk, defect:<name> (comma or space separated)',
    ['reference', 'sdk'],
  )
  .addOption(new Option('--era <era>', 'protocol era').choices(['legacy', 'modern', 'both']).default('both'))
  .option('--scenario <ids...>', 'only these catalog scenario ids (default: all)')
  .option(
    '--scenario-file <files...>',
    'run scenarios from JSON/YAML files (instead of, or besides, --scenario)',
  )
  .option(
    '--transport <kinds...>',
    'only these transports: http, msw, in-memory, stdio (default: all each scenario lists)',
  )
  .option('--json <file>', 'also write the full report (verdicts, evidence, transcripts) as JSON')
  .option('--junit <file>', 'also write a JUnit XML report for CI')
  .option('--baseline <file>', 'expected-failures baseline (default: the committed one)')
  .option('--no-baseline', 'treat every failure as unexpected')
  .option('--settle-timeout <ms>', 'upper bound for the client to converge after a change, ms', '4000')
  .option('--concurrency <n>', 'cells run at once', '2')
  .option('--seed <n>', 'override every script seed')
  .action(async (options) => {
    process.exitCode = await runCommand(options);
  });

program
  .command('serve')
  .description('Play a script on a Streamable HTTP endpoint (both eras) or on stdio, and print where.')
  .requiredOption('--script <file>', 'script file (JSON or YAML)')
  .option('--port <n>', 'TCP port (default: ephemeral)')
  .option('--host <addr>', 'bind address', '127.0.0.1')
  .option('--stdio', 'serve MCP on stdin/stdout (newline-delimited JSON-RPC) instead of HTTP')
  .option('--admin-port <n>', 'with --stdio: also serve the admin API over HTTP on this port (0: ephemeral)')
  .action(async (options) => {
    await serveCommand(options);
  });

program
  .command('list')
  .description('List every scenario with its id, source, eras, transports and checks.')
  .option('--json', 'print JSON')
  .action((options) => listCommand(options));

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
    await exportCommand(id, options);
  });

program
  .command('replay')
  .description('Replay a recorded failing run (a property counterexample) with its recorded interleaving.')
  .argument('<file>', 'replay file written by a failing property run')
  .option('--client <name>', 'replay against this client instead of the recorded one')
  .option('--transcript <file>', 'write the replayed transcript as JSONL')
  .action(async (file: string, options) => {
    process.exitCode = await replayCommand(file, options);
  });

program.parseAsync(process.argv).catch((error: unknown) => {
  if (error instanceof UsageError || isToolshiftError(error)) {
    process.stderr.write(`toolshift: ${(error as Error).message}\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(`toolshift: unexpected error: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 3;
  }
});
