import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isToolshiftError } from '@toolshift/fake-server';
import { expect, test } from 'vitest';
import { summarizeResults } from '../runner/run-suite.js';
import { DIGEST_PLACEHOLDER } from './report-digest.js';
import { fileReporter, writeReportFile } from './report-file.js';

const render = (summary: { runId: string; cellCount: number }) =>
  `${DIGEST_PLACEHOLDER} run ${summary.runId} of ${summary.cellCount} cells\n`;

test('a report never replaces what is not a regular file (a FIFO here; /dev/full in the CLI test): REPORT_WRITE_FAILED', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-report-file-'));
  const fifo = join(dir, 'pipe');
  execFileSync('mkfifo', [fifo]);
  const error = await writeReportFile(fifo, `${DIGEST_PLACEHOLDER}\n`).catch((caught: unknown) => caught);
  expect(isToolshiftError(error, 'REPORT_WRITE_FAILED')).toBe(true);
  expect((error as Error).message).toBe(`Cannot write the report ${fifo}: not a regular file.`);
  expect(statSync(fifo).isFIFO()).toBe(true);
  expect(await readdir(dir)).toEqual(['pipe']);
});

test('a failed write leaves no temporary file and says why in one line', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-report-file-'));
  await writeFile(join(dir, 'blocker'), '');
  const error = await writeReportFile(join(dir, 'blocker/r.json'), DIGEST_PLACEHOLDER).catch(
    (caught: unknown) => caught,
  );
  expect(isToolshiftError(error, 'REPORT_WRITE_FAILED')).toBe(true);
  expect((error as Error).message).toMatch(/^Cannot write the report .*blocker\/r\.json \(E[A-Z]+: [^)]+\)\.$/);
  expect(await readdir(dir)).toEqual(['blocker']);
});

test('a symbolic link is followed: its target gets the report, the link stays', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-report-file-'));
  await writeFile(join(dir, 'target.json'), 'old');
  const { symlink, lstat } = await import('node:fs/promises');
  await symlink(join(dir, 'target.json'), join(dir, 'link.json'));
  await writeReportFile(join(dir, 'link.json'), `${DIGEST_PLACEHOLDER} new`);
  expect((await lstat(join(dir, 'link.json'))).isSymbolicLink()).toBe(true);
  expect(await readFile(join(dir, 'target.json'), 'utf8')).toMatch(/^sha256:[0-9a-f]{64} new$/);
});

test('when the path fails at the end of the run, the report goes to a temp file and says so: never lost', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-report-file-'));
  const path = join(dir, 'out/report.json');
  const reporter = fileReporter('JSON', path, render);
  const run = { runId: `test-${process.pid}-${Date.now()}`, startedAt: new Date(0).toISOString() };
  await reporter.onRunStart?.([], run);
  expect(existsSync(path)).toBe(true);
  // The directory turns into a file while the run goes on: the end's write cannot succeed there.
  await rm(join(dir, 'out'), { recursive: true });
  await writeFile(join(dir, 'out'), '');
  await reporter.onRunEnd?.(summarizeResults([], 5, run.startedAt, 0, run.runId));
  const written = reporter.written()!;
  expect(written.notWritten?.path).toBe(path);
  expect(written.notWritten?.reason).toMatch(/^E[A-Z]+/);
  expect(written.path).toBe(join(tmpdir(), `toolshift-${run.runId}-report.json`));
  expect(await readFile(written.path, 'utf8')).toContain(`run ${run.runId}`);
  await rm(written.path);
});

test('a path that cannot be written when the run starts fails before any cell, with REPORT_WRITE_FAILED', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-report-file-'));
  await mkdir(join(dir, 'd'));
  await writeFile(join(dir, 'd/f'), '');
  const reporter = fileReporter('HTML', join(dir, 'd/f/r.html'), render);
  const error = await Promise.resolve(
    reporter.onRunStart?.([], { runId: 'x', startedAt: new Date(0).toISOString() }),
  ).catch((caught: unknown) => caught);
  expect(isToolshiftError(error, 'REPORT_WRITE_FAILED')).toBe(true);
});
