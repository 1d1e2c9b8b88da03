import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { toolshiftProcess } from '../support/toolshift-process.js';

// Issue 30: the official SDK's own notices landed among the progress marks, identical failures
// took a row each, and a row's `[#8]` named a frame no command showed.

test("an in-process client's console output goes to its cell's record (and --verbose), never between the progress marks", async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-console-'));
  const exported = await toolshiftProcess(['export', 'empty-list', '--format', 'json'], { cwd: dir });
  const scenario = JSON.parse(exported.stdout);
  // A server that advertises no tools capability: the SDK's listTools() says so through console.debug.
  scenario.id = 'no-tools-capability';
  scenario.servers[0].script.server = { capabilities: {} };
  await writeFile(join(dir, 'scenario.json'), JSON.stringify(scenario));
  const args = [
    'run',
    '--scenario-file',
    'scenario.json',
    '--client',
    'sdk',
    '--transport',
    'in-memory',
    '--no-baseline',
  ];
  const run = await toolshiftProcess([...args, '--era', 'both', '--json', 'r.json'], { cwd: dir });
  const notice = 'Client.listTools() called but server does not advertise tools capability';
  expect(run.stdout).not.toContain(notice);
  expect(run.stderr).not.toContain(notice);
  expect(run.stdout).toContain(
    "Client output: 2 cells printed to stderr or the console; each cell's JSON (clientStderr) and JUnit (<system-err>) record holds it, --verbose prints it.",
  );
  const report = JSON.parse(await readFile(join(dir, 'r.json'), 'utf8')) as {
    results: Array<{ era: string; clientStderr?: { text: string } }>;
  };
  expect(report.results.map((result) => [result.era, result.clientStderr?.text.includes(notice)])).toEqual([
    ['legacy', true],
    ['modern', true],
  ]);
  const verbose = await toolshiftProcess([...args, '--era', 'legacy', '--verbose'], { cwd: dir });
  const lines = verbose.stdout.split('\n');
  const at = lines.indexOf('  no-tools-capability/legacy/in-memory/sdk:');
  expect(lines[at - 1]).toBe('Client output (1)');
  expect(lines[at + 1]).toContain(`    ${notice}`);
}, 120_000);

test('identical failures share one row with their cell count, and the failures end with the command that prints the cited frames, which works', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-console-'));
  const run = await toolshiftProcess(
    [
      'run',
      '--scenario',
      'invalid-schema',
      '--client',
      'sdk',
      '--era',
      'both',
      '--transport',
      'in-memory',
      'http',
      '--no-baseline',
    ],
    { cwd: dir },
  );
  expect(run.code).toBe(1);
  const rows = run.stdout.split('\n').filter((line) => line.includes('FAIL'));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatch(
    /^ {2}invalid-schema\s+legacy,modern\s+(in-memory,http|http,in-memory)\s+sdk\s+FAIL\s+4 cells: registry\.invalid-schema-reported/,
  );
  const hint = /The frames a row cites: (toolshift explain (\S+)) prints them for a cell/.exec(run.stdout);
  expect(hint?.[2]).toMatch(/^invalid-schema\/(legacy|modern)\/(in-memory|http)\/sdk$/);
  const explained = await toolshiftProcess(hint![1]!.split(' ').slice(1), { cwd: dir });
  expect(explained.code).toBe(0);
  expect(explained.stdout).toMatch(/\nFAIL registry\.invalid-schema-reported @primary: /);
  // Each cited frame with what it proves and the frame itself, as JSON.
  expect(explained.stdout).toMatch(/\n {2}#\d+ server → client: result #\d+/);
  expect(explained.stdout).toContain('"broken_upload"');

  // With a JSON report, the command reads the cell as it ran.
  const reported = await toolshiftProcess(
    [
      'run',
      '--scenario',
      'invalid-schema',
      '--client',
      'sdk',
      '--era',
      'legacy',
      '--transport',
      'in-memory',
      '--no-baseline',
      '--json',
      'r.json',
    ],
    { cwd: dir },
  );
  const command = /The frames a row cites: (toolshift explain .+ --report \S+) prints/.exec(
    reported.stdout,
  )?.[1];
  expect(command).toBe(
    `toolshift explain invalid-schema/legacy/in-memory/sdk --report ${join(dir, 'r.json')}`,
  );
  const fromReport = await toolshiftProcess(command!.split(' ').slice(1), { cwd: dir });
  expect(fromReport.code).toBe(0);
  expect(fromReport.stdout).not.toContain('Running ');
  expect(fromReport.stdout).toMatch(/\n {2}#\d+ server → client: result #\d+/);
}, 180_000);

test('explain refuses a malformed cell or one the report lacks in one line', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-console-'));
  const bad = await toolshiftProcess(['explain', 'invalid-schema/legacy'], { cwd: dir });
  expect(bad.code).toBe(2);
  expect(bad.stderr.trimEnd().split('\n')).toEqual([
    "toolshift: 'invalid-schema/legacy' is not a cell: write scenario/era/transport/client, e.g. invalid-schema/legacy/http/sdk (as the table's rows and the reports name cells).",
    "Run 'toolshift explain --help' for usage.",
  ]);
});
