import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { expect, test } from 'vitest';
import { runCli } from '../../src/cli/program.js';
import { JSON_REPORT_SCHEMA_ID } from '../../src/reports/json-report.js';
import { DIGEST_PLACEHOLDER, sealReport } from '../../src/reports/report-digest.js';
import { toolshiftNodeArgs, workspaceRoot } from '../support/cli-command.js';

const schema = JSON.parse(readFileSync(new URL('../../report.schema.json', import.meta.url), 'utf8'));
const ajv = new Ajv({ allErrors: true, strict: true });
addFormats.default(ajv);
const validate = ajv.compile(schema);

async function cli(args: string[], cwd: string) {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = '';
  out.on('data', (chunk) => {
    stdout += chunk;
  });
  const code = await runCli(args, { out, err, cwd });
  return { code, stdout };
}

test('the JSON report names its published schema, version, start, options and seed, and validates against that schema', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-report-files-'));
  const { code } = await cli(
    [
      'run',
      '--client',
      'defect:ignores-list-changed,reference',
      '--scenario',
      'tool-removed,empty-list',
      '--era',
      'legacy',
      '--transport',
      'in-memory',
      '--no-baseline',
      '--seed',
      '7',
      '--json',
      'r.json',
      '--junit',
      'j.xml',
    ],
    dir,
  );
  expect(code).toBe(1);
  const report = JSON.parse(await readFile(join(dir, 'r.json'), 'utf8'));
  expect(schema.$id).toBe(JSON_REPORT_SCHEMA_ID);
  expect(report).toMatchObject({
    $schema: JSON_REPORT_SCHEMA_ID,
    toolshiftVersion: JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
      .version,
    seed: 7,
    cellCount: 4,
    options: { client: ['defect:ignores-list-changed,reference'], seed: '7', json: join(dir, 'r.json') },
  });
  expect(Date.parse(report.startedAt)).not.toBeNaN();
  const valid = validate(report);
  expect(validate.errors ?? []).toEqual([]);
  expect(valid).toBe(true);
  // The schema is strict enough to catch a broken report.
  expect(validate({ ...report, counts: { ...report.counts, pass: -1 } })).toBe(false);
  expect(validate({ ...report, results: [{ ...report.results[0], status: 'passed' }] })).toBe(false);
  const { $schema: _dropped, ...unnamed } = report;
  expect(validate(unnamed)).toBe(false);

  const junit = await readFile(join(dir, 'j.xml'), 'utf8');
  expect(junit).toMatch(
    /<testsuite name="toolshift defect:ignores-list-changed" [^>]* timestamp="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d" hostname="[^"]+">/,
  );
  expect(junit).toContain('<system-out>');
}, 120_000);

test('Ctrl-C stops the run, writes the reports with the cells that finished and exits 130', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-interrupt-'));
  const child = spawn(
    process.execPath,
    toolshiftNodeArgs([
      'run',
      '--client',
      'reference',
      '--transport',
      'in-memory',
      '--era',
      'legacy',
      '--concurrency',
      '1',
      '--json',
      join(dir, 'partial.json'),
      '--junit',
      join(dir, 'partial.xml'),
    ]),
    { cwd: workspaceRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let sent = false;
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk;
    // Interrupt once two cells have finished (two progress marks after the legend line).
    const marks = stdout.split('\n')[2] ?? '';
    if (!sent && marks.length >= 2) {
      sent = true;
      child.kill('SIGINT');
    }
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(sent).toBe(true);
  expect(code).toBe(130);
  const report = JSON.parse(await readFile(join(dir, 'partial.json'), 'utf8'));
  expect(report).toMatchObject({ interrupted: true, interruptedBy: 'SIGINT', exitCode: 130 });
  expect(report.results.length).toBeGreaterThanOrEqual(2);
  expect(report.results.length).toBeLessThan(report.cellCount);
  expect(validate(report)).toBe(true);
  const junit = await readFile(join(dir, 'partial.xml'), 'utf8');
  expect(junit).toContain('<testsuite name="toolshift run" tests="1" failures="0" errors="1"');
  expect(junit).toContain('<error type="interrupted" message="Result: interrupted (exit 130)');
  expect(stdout).toMatch(/Result: interrupted \(exit 130\): \d+ of \d+ cells finished \(SIGINT\)/);
}, 120_000);

test('SIGTERM before any cell finished: exit 143, and the reports say the run was interrupted (never an empty green suite)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-interrupt-'));
  const child = spawn(
    process.execPath,
    toolshiftNodeArgs([
      'run',
      // Its one cell waits out the connect bound (15 s): the signal surely lands while it runs.
      '--client-module',
      fileURLToPath(new URL('../fixtures/client-modules/never-connects-client.mjs', import.meta.url)),
      '--scenario',
      'tool-added-at-runtime',
      '--era',
      'legacy',
      '--transport',
      'http',
      '--json',
      join(dir, 'none.json'),
      '--junit',
      join(dir, 'none.xml'),
    ]),
    { cwd: workspaceRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let sent = false;
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk;
    // The run has started (its reports were written as unfinished): stop it while its one cell runs.
    if (!sent && stdout.includes('toolshift run: 1 cells')) {
      sent = true;
      child.kill('SIGTERM');
    }
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(sent).toBe(true);
  expect(code).toBe(143);
  const report = JSON.parse(await readFile(join(dir, 'none.json'), 'utf8'));
  expect(report).toMatchObject({ interrupted: true, interruptedBy: 'SIGTERM', exitCode: 143, results: [] });
  expect(report.unjudged).toBeUndefined();
  expect(validate(report)).toBe(true);
  const junit = await readFile(join(dir, 'none.xml'), 'utf8');
  expect(junit).toContain('<testsuites name="toolshift" tests="1" failures="0" errors="1"');
  expect(junit).toContain('(SIGTERM)');
}, 120_000);

test('verify-report tells a report the run wrote from one changed after it, and from one rewritten and sealed again', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-verify-'));
  const run = await cli(
    [
      'run',
      '--client',
      'defect:ignores-list-changed',
      '--scenario',
      'tool-removed',
      '--era',
      'legacy',
      '--transport',
      'in-memory',
      '--no-baseline',
      '--json',
      'r.json',
      '--junit',
      'r.xml',
    ],
    dir,
  );
  expect(run.code).toBe(1);
  const printed = [...run.stdout.matchAll(/report written to \S+ \((sha256:[0-9a-f]{64})\)/g)].map(
    (m) => m[1]!,
  );
  expect(printed).toHaveLength(2);
  const report = JSON.parse(await readFile(join(dir, 'r.json'), 'utf8'));
  expect(report.digest).toBe(printed[0]);
  expect(run.stdout).toContain(`Run ${report.runId}, started ${report.startedAt}.`);

  const intact = await cli(['verify-report', 'r.json', 'r.xml', '--digest', ...printed], dir);
  expect(intact.code).toBe(0);
  expect(intact.stdout).toContain(`${join(dir, 'r.json')}: matches (${printed[0]}; run ${report.runId}`);

  // A failing run's JSON rewritten to say it passed (as a process the client left behind did).
  const text = await readFile(join(dir, 'r.json'), 'utf8');
  await writeFile(join(dir, 'r.json'), text.replace('"exitCode": 1', '"exitCode": 0'));
  const changed = await cli(['verify-report', 'r.json', 'r.xml'], dir);
  expect(changed.code).toBe(1);
  expect(changed.stdout).toContain(`${join(dir, 'r.json')}: CHANGED after its run wrote it`);
  expect(changed.stdout).toContain(`${join(dir, 'r.xml')}: matches`);

  // The same forgery with a digest recomputed to match: only the digest the run printed tells.
  const resealed = sealReport(
    text.replace('"exitCode": 1', '"exitCode": 0').replace(printed[0]!, DIGEST_PLACEHOLDER),
  );
  await writeFile(join(dir, 'r.json'), resealed.bytes);
  expect((await cli(['verify-report', 'r.json'], dir)).code).toBe(0);
  const against = await cli(['verify-report', 'r.json', '--digest', ...printed], dir);
  expect(against.code).toBe(1);
  expect(against.stdout).toContain(`${join(dir, 'r.json')}: NOT the run's report`);
}, 120_000);
