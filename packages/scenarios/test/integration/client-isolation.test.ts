import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { toolshiftProcess as toolshift } from '../support/toolshift-process.js';

// Tests here start client or CLI processes (tsx compiles the sources in the child): each is bounded
// at 180 s, a safety net for a busy machine (up to 55 s seen under load), not a speed claim.

const fixture = (name: string) =>
  fileURLToPath(new URL(`../fixtures/client-modules/${name}.mjs`, import.meta.url));

// Each test runs the real CLI as a process and reads the exit status the shell sees.

test('a module whose exit hook calls process.exit(0) cannot turn a failing run into exit 0', async () => {
  const json = join(await mkdtemp(join(tmpdir(), 'toolshift-isolation-')), 'report.json');
  const { code, stdout } = await toolshift([
    'run',
    '--era',
    'both',
    '--client-module',
    fixture('exit-hook-client'),
    '--scenario',
    'one-valid-tool',
    '--transport',
    'http',
    '--no-baseline',
    '--json',
    json,
  ]);
  // Both eras fail alike: one row with the cell count.
  expect(stdout).toMatch(
    /one-valid-tool\s+legacy,modern\s+http\s+exit-hook-client\s+FAIL\s+2 cells: registry\.matches-final-catalog/,
  );
  expect(stdout).toContain('Result: does NOT match the baseline (exit 1).');
  expect(code).toBe(1);
  const report = JSON.parse(await readFile(json, 'utf8')) as { exitCode: number; counts: { fail: number } };
  expect(report).toMatchObject({ exitCode: 1, counts: { fail: 2 } });
}, 180_000);

/** The cells of a JSON report, by `scenario/era`. */
async function cells(
  path: string,
): Promise<Map<string, { status: string; firstFailure?: { checkId: string; message: string } }>> {
  const report = JSON.parse(await readFile(path, 'utf8')) as {
    results: Array<{
      scenarioId: string;
      era: string;
      status: string;
      firstFailure?: { checkId: string; message: string };
    }>;
  };
  return new Map(report.results.map((result) => [`${result.scenarioId}/${result.era}`, result]));
}

test('a client that calls process.exit(0) mid-cell fails that cell, naming the action and the call site; the other cells run', async () => {
  const json = join(await mkdtemp(join(tmpdir(), 'toolshift-isolation-')), 'report.json');
  const { code, stdout } = await toolshift([
    'run',
    '--era',
    'both',
    '--client-module',
    fixture('exits-mid-cell-client'),
    '--scenario',
    'one-valid-tool,empty-list',
    '--transport',
    'http',
    '--no-baseline',
    '--concurrency',
    '1',
    '--json',
    json,
  ]);
  expect(stdout).toContain('4 cells');
  expect(code).toBe(1);
  const results = await cells(json);
  // empty-list makes no call: its cells (run in fresh processes after the dead ones) pass.
  expect(results.get('empty-list/legacy')?.status).toBe('pass');
  expect(results.get('empty-list/modern')?.status).toBe('pass');
  for (const era of ['legacy', 'modern']) {
    const failure = results.get(`one-valid-tool/${era}`)?.firstFailure;
    expect(failure?.checkId).toBe('runner.client-process-survived');
    expect(failure?.message).toContain(
      "The client's process exited with code 0 (something in the client called process.exit(0)) during action 3 of 3 (call search_docs)",
    );
    // The call site, from the client's own file.
    expect(failure?.message).toMatch(
      /process\.exit\(0\) was called \| at Object\.callTool \(file:.*exits-mid-cell-client\.mjs:\d+/,
    );
  }
}, 180_000);

test('a client that leaves an unhandled rejection fails its cell with the error it crashed on; the other cells run', async () => {
  const json = join(await mkdtemp(join(tmpdir(), 'toolshift-isolation-')), 'report.json');
  const { code, stdout } = await toolshift([
    'run',
    '--client-module',
    fixture('throws-async-client'),
    '--scenario',
    'one-valid-tool,empty-list',
    '--era',
    'modern',
    '--transport',
    'http',
    '--no-baseline',
    '--json',
    json,
  ]);
  expect(stdout).toMatch(/one-valid-tool\s+modern\s+http\s+throws-async-client\s+FAIL/);
  expect(code).toBe(1);
  const results = await cells(json);
  expect(results.get('empty-list/modern')?.status).toBe('pass');
  const failure = results.get('one-valid-tool/modern')?.firstFailure;
  expect(failure?.checkId).toBe('runner.client-process-survived');
  expect(failure?.message).toContain(
    "The client's process exited with code 1 during action 3 of 3 (call search_docs)",
  );
  expect(failure?.message).toContain('Error: library bug: the retry queue is gone');
}, 180_000);

test('a module declaring a feature without its method is refused when it loads, naming both', async () => {
  const { code, stderr, stdout } = await toolshift([
    'run',
    '--era',
    'both',
    '--client-module',
    fixture('missing-method-client'),
    '--no-baseline',
  ]);
  expect(stdout).toBe('');
  expect(stderr).toContain(
    "factory 'missing-method-client' declares feature 'host-clock' but its adapter has no advanceClock() method",
  );
  expect(code).toBe(2);
}, 180_000);
