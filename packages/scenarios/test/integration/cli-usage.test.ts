import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { runCli } from '../../src/cli/program.js';

function io(cwd?: string) {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = '';
  let stderr = '';
  out.on('data', (chunk) => {
    stdout += chunk;
  });
  err.on('data', (chunk) => {
    stderr += chunk;
  });
  return { io: { out, err, ...(cwd ? { cwd } : {}) }, stdout: () => stdout, stderr: () => stderr };
}

async function cli(args: string[], cwd?: string) {
  const streams = io(cwd);
  const code = await runCli(args, streams.io);
  return { code, stdout: streams.stdout(), stderr: streams.stderr() };
}

const scratch = () => mkdtemp(join(tmpdir(), 'toolshift-cli-usage-'));

describe('usage errors exit 2 with one message and no stack trace', () => {
  test.each([
    [['run', '--era', 'sideways'], "argument 'sideways' is invalid"],
    [['run', '--bogus'], "unknown option '--bogus'"],
    [['frobnicate'], "unknown command 'frobnicate'"],
    [
      ['serve', '--script', 'x.yaml', '--port', 'abc'],
      "--port must be a port number 0–65535, 0 for any free port (got 'abc')",
    ],
    [['serve', '--script', 'x.yaml', '--port', '70000'], "(got '70000')"],
    [['serve', '--script', 'x.yaml', '--admin-port', '0'], '--admin-port needs --stdio'],
    [['serve', '--script', 'x.yaml', '--stdio', '--port', '9000'], '--port does not apply with --stdio'],
    [
      ['export', 'one-valid-tool', '--out', '/nonexistent-toolshift-dir/x.yaml'],
      'the directory /nonexistent-toolshift-dir does not exist',
    ],
    [['run', '--json-transcripts', 'some'], "argument 'some' is invalid"],
    [
      ['run', '--client', 'nope', '--no-baseline'],
      "Unknown client 'nope'. Known clients: reference, reference-gateway, sdk",
    ],
    [['run', '--clinet', 'reference'], "toolshift: unknown option '--clinet' (did you mean --client?)"],
    [['run', '--era', 'medieval'], "argument 'medieval' is invalid. Allowed choices are legacy, modern"],
    [
      ['run', '--scenario', 'empty-list', '--html', '/proc/report.html'],
      'toolshift: --html /proc/report.html: cannot create files in /proc (',
    ],
    [
      ['run', '--scenario', 'empty-list', '--html', '/dev/full'],
      'toolshift: --html /dev/full: is a character device, not a regular file',
    ],
  ])('toolshift %j', async (args, message) => {
    const { code, stderr, stdout } = await cli(args);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).not.toMatch(/\n\s+at /);
    // One line, then where the usage is: never the whole help, never a cell run.
    const lines = stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(message);
    expect(lines[1]).toMatch(/^Run 'toolshift (\w[\w-]* )?--help' for usage\.$/);
    expect(stdout).toBe('');
  });

  test('help exits 0', async () => {
    const { code, stdout } = await cli(['run', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('reference-gateway');
    expect(stdout).toContain("'toolshift clients' lists them");
  });
});

describe('input that would be ignored in silence is refused', () => {
  const run = ['run', '--scenario', 'empty-list', '--transport', 'http', '--client', 'sdk'];

  test.each([
    [
      'client: reference',
      'expectedFailures:\n  - client: sdk\n    scenario: empty-list\n    reason: x\n  - client: reference\n    scenario: empty-list\n    reason: excuse the reference\n',
      "/expectedFailures/1/client names 'reference', a reference client",
    ],
    [
      'an unknown client',
      'expectedFailures:\n  - client: skd\n    scenario: empty-list\n    reason: typo\n',
      "/expectedFailures/0/client names unknown client 'skd'",
    ],
    [
      'an unknown scenario',
      'expectedFailures:\n  - client: sdk\n    scenario: no-such-scenario\n    reason: x\n',
      "/expectedFailures/0/scenario names unknown scenario 'no-such-scenario'",
    ],
    [
      'a check the scenario lacks',
      'expectedFailures:\n  - client: sdk\n    scenario: empty-list\n    check: registry.nope\n    reason: x\n',
      "/expectedFailures/0/check names 'registry.nope', which is not a check of empty-list",
    ],
  ])('a baseline entry naming %s', async (_what, text, message) => {
    const dir = await scratch();
    await writeFile(join(dir, 'bl.yaml'), text);
    const { code, stderr } = await cli([...run, '--baseline', 'bl.yaml'], dir);
    expect(code).toBe(2);
    expect(stderr).toContain(`Baseline ${join(dir, 'bl.yaml')}: ${message}`);
  });

  test('a filter that selects no cell exits 2 instead of "matches the baseline"', async () => {
    const { code, stderr, stdout } = await cli([
      'run',
      '--scenario',
      'pg-02-page-failure-reported',
      '--transport',
      'stdio',
      '--no-baseline',
    ]);
    expect(code).toBe(2);
    expect(stderr).toContain(
      'The selection has no cell to run: pg-02-page-failure-reported runs in legacy/modern over http/msw',
    );
    expect(stdout).not.toContain('matches the baseline');
  });

  test('repeated --scenario, --transport and --client values run each cell once', async () => {
    const { code, stdout } = await cli([
      'run',
      '--scenario',
      'empty-list',
      'empty-list,empty-list',
      '--transport',
      'http',
      'http',
      '--era',
      'modern',
      '--client',
      'reference',
      'reference',
      '--no-baseline',
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain('toolshift run: 1 cells');
  });
});

test('--era picks cell eras: all (default) runs legacy, modern and dual; both runs the two single-era endpoints', async () => {
  const run = (era: string[]) =>
    cli([
      'run',
      '--scenario',
      'empty-list',
      '--transport',
      'http',
      '--client',
      'reference',
      '--no-baseline',
      // Passing cells are rows only with --verbose.
      '--verbose',
      ...era,
    ]);
  const counts = await Promise.all([[], ['--era', 'all'], ['--era', 'both'], ['--era', 'dual']].map(run));
  expect(counts.map((result) => result.code)).toEqual([0, 0, 0, 0]);
  expect(counts.map((result) => /toolshift run: (\d+) cells/.exec(result.stdout)?.[1])).toEqual([
    '3',
    '3',
    '2',
    '1',
  ]);
  // The reference client picks 2026-07-28 on the dual endpoint; the era column says so.
  expect(counts[3]!.stdout).toMatch(/empty-list\s+dual→modern\s+http\s+reference\s+pass/);
  expect(counts[2]!.stdout).not.toContain('dual');
}, 60_000);

test('relative paths resolve against the directory the user ran the command in, and reports print absolute paths', async () => {
  const dir = await scratch();
  const { code, stdout } = await cli(
    [
      'run',
      '--scenario',
      'empty-list',
      '--era',
      'modern',
      '--transport',
      'http',
      '--client',
      'reference',
      '--no-baseline',
      '--json',
      'out/report.json',
      '--junit',
      'junit.xml',
    ],
    dir,
  );
  expect(code).toBe(0);
  expect(stdout).toContain(`JSON report written to ${join(dir, 'out/report.json')}`);
  expect(stdout).toContain(`JUnit report written to ${join(dir, 'junit.xml')}`);
  expect(existsSync(join(dir, 'junit.xml'))).toBe(true);
  const exported = await cli(['export', 'empty-list', '--out', 'empty.yaml'], dir);
  expect(exported.stdout).toBe(`Scenario empty-list written to ${join(dir, 'empty.yaml')}\n`);
  const rerun = await cli(
    [
      'run',
      '--scenario-file',
      'empty.yaml',
      '--era',
      'legacy',
      '--transport',
      'http',
      '--client',
      'reference',
      '--no-baseline',
    ],
    dir,
  );
  expect(rerun.code).toBe(0);
});

test('toolshift clients lists every client --client accepts, with transports and features', async () => {
  const { code, stdout } = await cli(['clients']);
  expect(code).toBe(0);
  expect(stdout).toContain('reference-gateway  [reference; http, msw, in-memory, stdio]');
  expect(stdout).toContain('sdk  [sdk; http, msw, in-memory, stdio]');
  // A defect declares the transports and features of the client it is built on.
  expect(stdout).toContain(
    'defect:ignores-list-changed  [defect; http, msw, in-memory, stdio]\n  Lists tools once at connect and ignores every change notification.',
  );
  expect(stdout).toContain(
    'built on sdk)\n  features: multi-server, bearer-auth, manual-refresh, reconnect, reauthorize',
  );
  expect(stdout).toContain("--client 'command:<shell command>'");
  const json = JSON.parse((await cli(['clients', '--json'])).stdout) as { clients: Array<{ name: string }> };
  expect(json.clients.map((c) => c.name)).toContain('reference-gateway');
});

test('the JSON report carries transcripts for failing cells by default, for all or none on request', async () => {
  const dir = await scratch();
  const base = [
    'run',
    '--scenario',
    'tool-removed',
    '--era',
    'legacy',
    '--transport',
    'http',
    '--client',
    'reference',
    'defect:ignores-list-changed',
    '--no-baseline',
    '--settle-timeout',
    '800',
  ];
  const report = async (extra: string[]) => {
    const file = join(dir, `r${extra.join('')}.json`);
    expect((await cli([...base, '--json', file, ...extra])).code).toBe(1);
    return JSON.parse(await readFile(file, 'utf8')) as {
      transcripts: string;
      results: Array<{ client: string; status: string; servers?: unknown[]; observations?: unknown[] }>;
    };
  };
  const failing = await report([]);
  expect(failing.transcripts).toBe('failing');
  const byClient = Object.fromEntries(failing.results.map((r) => [r.client, r]));
  expect(byClient.reference).toMatchObject({ status: 'pass' });
  expect(byClient.reference!.servers).toBeUndefined();
  expect(byClient['defect:ignores-list-changed']).toMatchObject({ status: 'fail' });
  expect(byClient['defect:ignores-list-changed']!.servers).toHaveLength(1);
  const all = await report(['--json-transcripts', 'all']);
  expect(all.results.every((r) => r.servers?.length === 1 && Array.isArray(r.observations))).toBe(true);
  const none = await report(['--json-transcripts', 'none']);
  expect(none.results.every((r) => r.servers === undefined && r.observations === undefined)).toBe(true);
}, 60_000);
