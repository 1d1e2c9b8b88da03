import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import { processTable } from '../../src/runner/client-process/process-tree.js';
import { type ToolshiftExit, toolshiftProcess as toolshift } from '../support/toolshift-process.js';

/**
 * Whether `pid` still runs, as the harness's own sweep sees it: a killed process whose parent is
 * gone stays a zombie until the machine's init reaps it (a container's may never do so), and a
 * zombie runs no more.
 */
async function running(pid: number): Promise<boolean> {
  const table = await processTable();
  if (!table) throw new Error('this machine offers no process table to tell whether a process runs');
  return table.some((info) => info.pid === pid);
}

// Each test runs the real CLI as a process against a client that fails one-valid-tool and tries to
// turn that into a pass from its own process, and reads what the shell and CI would see: the exit
// status, the JSON and JUnit reports, and whether those are still what the run wrote. Each is
// bounded at 180 s, a safety net for a busy machine, not a speed claim.

const hostile = (name: string) => fileURLToPath(new URL(`../fixtures/hostile/${name}`, import.meta.url));

interface Run extends ToolshiftExit {
  dir: string;
  json: {
    exitCode: number;
    interrupted?: boolean;
    interruptedBy?: string;
    results: Array<{
      status: string;
      harnessWarnings?: string[];
      firstFailure?: { checkId: string; message: string };
    }>;
  };
  junit: string;
  /** The digests the run printed. */
  digests: string[];
}

async function run(client: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-forged-'));
  const exit = await toolshift(
    [
      'run',
      ...client,
      '--scenario',
      'one-valid-tool',
      '--era',
      'modern',
      '--transport',
      'http',
      '--no-baseline',
      '--json',
      join(dir, 'r.json'),
      '--junit',
      join(dir, 'r.xml'),
    ],
    { env: { FORGE_DIR: dir, ...env } },
  );
  return {
    ...exit,
    dir,
    json: JSON.parse(await readFile(join(dir, 'r.json'), 'utf8')),
    junit: await readFile(join(dir, 'r.xml'), 'utf8'),
    digests: [...exit.stdout.matchAll(/report written to \S+ \((sha256:[0-9a-f]{64})\)/g)].map(
      (match) => match[1]!,
    ),
  };
}

/** The run failed and every report says so, and is still what the run wrote. */
async function expectFailedAndIntact(result: Run): Promise<void> {
  expect(result.code).toBe(1);
  expect(result.json.exitCode).toBe(1);
  expect(result.json.results.map((cell) => cell.status)).toEqual(['fail']);
  expect(result.junit).toMatch(/<testsuites name="toolshift" tests="1" failures="1" errors="0"/);
  expect(result.digests).toHaveLength(2);
  const verified = await toolshift([
    'verify-report',
    join(result.dir, 'r.json'),
    join(result.dir, 'r.xml'),
    '--digest',
    ...result.digests,
  ]);
  expect(verified.stdout).not.toContain('CHANGED');
  expect(verified.code).toBe(0);
}

test.each([
  ['wraps process.send to turn every result it sends into a pass', 'wraps-send.mjs', []],
  [
    'sends passing cell results, an answer to nothing, a Map, a cycle, an unknown type and a status field',
    'injects-results.mjs',
    [
      'the client process sent an unknown message type "cell-result"; toolshift ignored it (',
      'not plain data: /observation/tools is a Map',
      'an unknown message type "verdict"',
      'which it was never sent (or already answered)',
      "a message of type 'observe' whose / must NOT have additional properties",
      'refers back to an enclosing value (a cycle)',
    ],
  ],
  [
    'answers every request ahead of toolshift (run-cell included) with a pass',
    'answers-first.mjs',
    ['which it was never sent (or already answered)'],
  ],
])(
  'a client module that %s cannot make a failing run pass: exit 1, and the JSON and JUnit reports say fail',
  async (_, module, warnings) => {
    const result = await run(['--client-module', hostile(module)]);
    await expectFailedAndIntact(result);
    const said = (result.json.results[0]!.harnessWarnings ?? []).join('\n');
    for (const warning of warnings) expect(said).toContain(warning);
    if (warnings.length > 0) expect(result.stdout).toContain('Harness warnings (');
  },
  180_000,
);

test('a client module that writes passing reports and leaves a process to write them again later: the run overwrites them, the process is killed with the cell and named', async () => {
  const result = await run(['--client-module', hostile('forges-reports.mjs')]);
  await expectFailedAndIntact(result);
  const pid = Number(await readFile(join(result.dir, 'lingering.pid'), 'utf8'));
  // Killed when its cell ended: it can no longer rewrite anything.
  expect(await running(pid)).toBe(false);
  expect(result.json.results[0]!.harnessWarnings?.join('\n')).toContain(
    `the client left 1 process running after its cell: pid ${pid}`,
  );
  expect(result.stdout).toContain(`pid ${pid}`);
}, 180_000);

test('a client module whose lingering process double-forks into a session of its own is still found by its environment, killed and named', async () => {
  const result = await run(['--client-module', hostile('forges-reports.mjs')], { ESCAPE: 'session' });
  await expectFailedAndIntact(result);
  const pid = Number((await readFile(join(result.dir, 'lingering.pid'), 'utf8')).trim());
  expect(await running(pid)).toBe(false);
  expect(result.json.results[0]!.harnessWarnings?.join('\n')).toContain(
    `the client left 1 process running after its cell: pid ${pid}`,
  );
}, 180_000);

test('a client module that sends SIGINT to toolshift gets an interrupted run, exit 130, never a pass', async () => {
  const result = await run(['--client-module', hostile('signals.mjs')], { SIGNAL: 'SIGINT-parent' });
  expect(result.code).toBe(130);
  expect(result.json).toMatchObject({ interrupted: true, interruptedBy: 'SIGINT', exitCode: 130 });
  expect(result.junit).toContain('<error type="interrupted"');
  expect(result.junit).not.toMatch(/errors="0"[^>]*>\s*<\/testsuites>/);
}, 180_000);

test("a client module that sends toolshift SIGUSR1 (which opens a Node process's inspector) opens nothing and stops the run: exit 138, the reports say why", async () => {
  const result = await run(['--client-module', hostile('opens-inspector.mjs')]);
  // Without the guard Node prints "Debugger listening on ws://…" and the module can evaluate code in the runner.
  expect(result.stderr).not.toContain('Debugger listening');
  expect(result.code).toBe(138);
  expect(result.json).toMatchObject({ interrupted: true, interruptedBy: 'SIGUSR1', exitCode: 138 });
  expect(result.junit).toContain('<error type="interrupted"');
  expect(result.stdout).toContain('toolshift received SIGUSR1');
}, 180_000);

test("an inspector opened in toolshift before its own code ran (a SIGUSR1 during Node's start-up) is closed and stops the run: exit 138", async () => {
  const result = await run(['--client-module', hostile('forges-reports.mjs')], {
    NODE_OPTIONS: `--import ${pathToFileURL(hostile('open-inspector-at-start.mjs')).href}`,
  });
  expect(result.code).toBe(138);
  expect(result.json).toMatchObject({ interrupted: true, interruptedBy: 'SIGUSR1', exitCode: 138 });
  expect(result.junit).toContain('<error type="interrupted"');
}, 180_000);

test("a client module that finds its cell server's admin API cannot reset or read it: 401, and the run still fails", async () => {
  const result = await run(['--client-module', hostile('drives-admin-api.mjs')]);
  expect(await readFile(join(result.dir, 'admin.txt'), 'utf8')).toBe(
    'POST /reset 401\nGET /transcript 401\n',
  );
  await expectFailedAndIntact(result);
}, 180_000);

test('a client module that SIGKILLs toolshift while it loads leaves reports saying the run did not finish, never an older green report', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-forged-'));
  const green = '<testsuites name="an older run" tests="1" failures="0" errors="0"></testsuites>\n';
  await writeFile(join(dir, 'r.xml'), green);
  const exit = await toolshift(
    [
      'run',
      '--client-module',
      hostile('signals.mjs'),
      '--scenario',
      'one-valid-tool',
      '--no-baseline',
      '--junit',
      join(dir, 'r.xml'),
    ],
    { env: { SIGNAL: 'SIGKILL-parent-at-load' } },
  );
  expect(exit.code).toBeNull();
  const junit = await readFile(join(dir, 'r.xml'), 'utf8');
  expect(junit).not.toBe(green);
  expect(junit).toContain('<error type="unfinished"');
}, 180_000);

test('a client module that SIGKILLs toolshift leaves reports saying the run did not finish, not a pass', async () => {
  const result = await run(['--client-module', hostile('signals.mjs')], { SIGNAL: 'SIGKILL-parent' });
  expect(result.code).toBeNull();
  expect(result.json).toMatchObject({
    interrupted: true,
    interruptedBy: 'unfinished',
    exitCode: 1,
    results: [],
  });
  expect(result.junit).toContain('<error type="unfinished"');
}, 180_000);

test('a client module that kills its own process, or closes its IPC channel, fails its cell saying which', async () => {
  const killed = await run(['--client-module', hostile('signals.mjs')], { SIGNAL: 'SIGTERM-self' });
  await expectFailedAndIntact(killed);
  expect(killed.json.results[0]!.firstFailure?.checkId).toBe('runner.client-process-survived');
  expect(killed.json.results[0]!.firstFailure?.message).toContain(
    "The client's process was killed by SIGTERM during action 3 of 3 (call search_docs)",
  );
  const disconnected = await run(['--client-module', hostile('signals.mjs')], { SIGNAL: 'disconnect' });
  await expectFailedAndIntact(disconnected);
  expect(disconnected.json.results[0]!.firstFailure?.message).toContain(
    "The client's process closed its IPC channel to toolshift (something in the client called process.disconnect()), which ended it during action 3 of 3 (call search_docs)",
  );
  expect(disconnected.json.results[0]!.firstFailure?.message).toMatch(
    /process\.disconnect\(\) was called \| at .*signals\.mjs/,
  );
}, 180_000);

test('a command: program that writes passing reports and leaves processes in and out of its group and tree: reports intact, every process killed and named', async () => {
  const result = await run(['--client', `command:node ${hostile('hostile-command.mjs')}`], { MODE: 'forge' });
  await expectFailedAndIntact(result);
  const pids = (await readFile(join(result.dir, 'lingering.pid'), 'utf8')).split(' ').map(Number);
  for (const pid of pids) expect(await running(pid), `pid ${pid}`).toBe(false);
  const said = result.json.results[0]!.harnessWarnings?.join('\n') ?? '';
  expect(pids).toHaveLength(3);
  expect(said).toContain('the client program left 3 processes running after its cell');
  for (const pid of pids) expect(said).toContain(`pid ${pid}`);
}, 180_000);

test('a command: program that sends SIGINT to toolshift gets an interrupted run, exit 130', async () => {
  const result = await run(['--client', `command:node ${hostile('hostile-command.mjs')}`], {
    MODE: 'signal-parent',
  });
  expect(result.code).toBe(130);
  expect(result.json).toMatchObject({ interrupted: true, exitCode: 130 });
  expect(result.junit).toContain('<error type="interrupted"');
}, 180_000);
