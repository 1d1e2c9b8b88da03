import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { expect, test } from 'vitest';
import { runCli } from '../../src/cli/program.js';
import { JSON_REPORT_SCHEMA_ID } from '../../src/reports/json-report.js';
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
  expect(report.interrupted).toBe(true);
  expect(report.results.length).toBeGreaterThanOrEqual(2);
  expect(report.results.length).toBeLessThan(report.cellCount);
  expect(validate(report)).toBe(true);
  expect(await readFile(join(dir, 'partial.xml'), 'utf8')).toContain('<testsuites name="toolshift"');
  expect(stdout).toMatch(/Result: interrupted \(exit 130\): \d+ of \d+ cells finished/);
}, 120_000);
