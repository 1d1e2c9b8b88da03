import { type Command, Option } from 'commander';
import { TRANSCRIPT_CHOICES } from '../reports/json-report.js';
import { COMMAND_PREFIX } from './resolve-clients.js';
import { resolvePaths } from './resolve-paths.js';
import { ERA_CHOICES, runCommand } from './run-command.js';

/** Where `toolshift run` writes and which directory relative paths are taken from. */
export interface RunProgramIo {
  out: NodeJS.WritableStream;
  cwd: string;
}

/** Adds `toolshift run` (its options and action) to the CLI; the action stores its exit code in `exit.code`. */
export function addRunCommand(program: Command, io: RunProgramIo, exit: { code: number }): void {
  program
    .command('run')
    .description('Run scenarios against one or more clients and print the result table.')
    .option(
      '--client <names...>',
      `clients to test (comma or space separated; default: the --client-module clients, else reference and sdk): reference, reference-gateway, sdk, defect:<name>, unusual:<name>, a --client-module client, or '${COMMAND_PREFIX}<shell command>' for a program in any language. 'toolshift clients' lists them.`,
    )
    .option(
      '--command <command>',
      "a conformance-style client program (as the official MCP conformance suite runs them): '<command> <serverUrl>' per cell with MCP_CONFORMANCE_SCENARIO, MCP_CONFORMANCE_PROTOCOL_VERSION and MCP_CONFORMANCE_CONTEXT set; client 'conformance', judged on the wire only",
    )
    .option(
      '--client-module <files...>',
      'ES modules exporting ClientAdapterFactory objects (repeatable; .ts needs node --import tsx)',
    )
    .addOption(
      new Option(
        '--era <era>',
        'cell eras: legacy (2025-11-25-only endpoint), modern (2026-07-28-only), dual (both, no preference given to the client), both (legacy and modern), all',
      )
        .choices(Object.keys(ERA_CHOICES))
        .default('all'),
    )
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
    .addOption(
      new Option(
        '--json-transcripts <which>',
        'cells whose transcripts and observations the JSON report carries',
      )
        .choices([...TRANSCRIPT_CHOICES])
        .default('failing'),
    )
    .option('--junit <file>', 'also write a JUnit XML report for CI')
    .option(
      '--html <file>',
      'also write a self-contained HTML report: the matrix failures first, and per cell its checks and a timeline of every frame',
    )
    .addOption(
      new Option('--html-transcripts <which>', 'cells whose timelines the HTML report carries')
        .choices([...TRANSCRIPT_CHOICES])
        .default('failing'),
    )
    .option(
      '--write-baseline <file>',
      "write this run's failures as an expected-failures baseline (one entry per failing check; reasons start as the near-miss text)",
    )
    .option('--baseline <file>', 'expected-failures baseline (default: the committed one)')
    .option('--no-baseline', 'treat every failure as unexpected')
    .option('--settle-timeout <ms>', 'upper bound for the client to converge after a change, ms', '4000')
    .option(
      '--concurrency <n>',
      'cells run at once (default: 4 per core, at most 32, or 24 per core, at most 64, when every client runs inside toolshift; at least 4; the most expensive cells start first)',
    )
    .option('--seed <n>', 'override every script seed')
    .option(
      '--shard <i/n>',
      "run only shard i of n of the selected cells (round robin over the selection; give every shard the same selection, then 'toolshift merge-reports' the shards' --json reports)",
    )
    .option(
      '--proxy-upstream <url|command>',
      "run against a real MCP server: each scenario server is 'toolshift proxy' in front of it (an http(s) URL, or a shell command starting it on stdio), the scenario's script its overlay; scenarios that cannot be expressed as overlays are n/a with the reason",
    )
    .option('--verbose', 'list every cell as a row (passes, expected failures and n/a cells too)')
    .action(async (options) => {
      exit.code = await runCommand(
        {
          ...resolvePaths(
            options,
            ['clientModule', 'scenarioFile', 'json', 'junit', 'html', 'writeBaseline', 'baseline'],
            io.cwd,
          ),
          cwd: io.cwd,
        },
        io.out,
      );
    });
}
