#!/usr/bin/env node
import { isToolshiftError } from '@toolshift/fake-server';
import { Command, Option } from 'commander';
import { listCommand } from './list-command.js';
import { replayCommand } from './replay-command.js';
import { runCommand, UsageError } from './run-command.js';
import { serveCommand } from './serve-command.js';

const program = new Command()
  .name('toolshift')
  .description('Test MCP clients against a programmable fake MCP server whose tools change while they run.')
  .showHelpAfterError();

program
  .command('run')
  .description('Run the scenario suite against one or more clients and print the result table.')
  .option(
    '--client <names...>',
    'clients to test: reference, sdk, defect:<name> (comma or space separated)',
    ['reference', 'sdk'],
  )
  .addOption(new Option('--era <era>', 'protocol era').choices(['legacy', 'modern', 'both']).default('both'))
  .option('--scenario <ids...>', 'only these scenario ids (default: all)')
  .option('--json <file>', 'also write the full report (verdicts, evidence, transcripts) as JSON')
  .option('--baseline <file>', 'expected-failures baseline (default: the committed one)')
  .option('--no-baseline', 'treat every failure as unexpected')
  .option('--settle-timeout <ms>', 'upper bound for the client to converge after a change, ms', '4000')
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
  .description('List every scenario with its id, eras, checks and sources.')
  .action(() => listCommand());

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
  if (error instanceof UsageError) {
    process.stderr.write(`toolshift: ${error.message}\n`);
    process.exitCode = 2;
  } else if (isToolshiftError(error)) {
    process.stderr.write(`toolshift: ${error.message}\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(`toolshift: unexpected error: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 3;
  }
});
