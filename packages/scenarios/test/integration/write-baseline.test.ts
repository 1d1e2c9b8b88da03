import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { parse } from 'yaml';
import { cli } from '../support/cli-in-process.js';

// A client with known bugs over a small selection: tool-removed fails (it never re-lists),
// empty-list passes, so the written baseline must hold the one and not the other.
const selection = [
  'run',
  '--client',
  'defect:ignores-list-changed,reference',
  '--scenario',
  'tool-removed,empty-list',
  '--era',
  'legacy',
  '--transport',
  'in-memory',
];

test('--write-baseline writes one entry per failing check, and a run with that baseline exits 0', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-write-baseline-'));
  const first = await cli([...selection, '--no-baseline', '--write-baseline', 'mine.yaml'], dir);
  expect(first.stderr).toBe('');
  expect(first.code).toBe(1);
  const text = await readFile(join(dir, 'mine.yaml'), 'utf8');
  // A baseline is committed and shared: no absolute path of this machine goes into it.
  expect(text).not.toContain(dir);
  expect(text).toContain('toolshift run --write-baseline mine.yaml');
  const doc = parse(text) as { expectedFailures: Array<Record<string, string>> };
  const entries = doc.expectedFailures;
  expect(first.stdout).toContain(
    `Baseline with ${entries.length} entries written to ${join(dir, 'mine.yaml')}`,
  );
  // The cell fails several checks: one entry each, all for the failing cell, none for the passing
  // scenario nor for the reference client; the table's first failing check is among them.
  expect(entries.length).toBeGreaterThan(1);
  expect(new Set(entries.map((entry) => entry.check)).size).toBe(entries.length);
  for (const entry of entries) {
    expect(entry).toMatchObject({ client: 'defect:ignores-list-changed', scenario: 'tool-removed' });
    // The starting reason is the check's own words (its near-miss, else its message), never empty.
    expect(entry.reason!.length).toBeGreaterThan(10);
  }
  expect(entries.map((entry) => entry.check)).toContain('change.relists-after-signal');
  expect(first.stdout).toContain('change.relists-after-signal: primary: no tools/list from page one');

  const second = await cli([...selection, '--baseline', 'mine.yaml'], dir);
  expect(second.stderr).toBe('');
  expect(second.stdout).toContain('Result: matches the baseline.');
  expect(second.code).toBe(0);
}, 120_000);

test('--write-baseline into a folder that does not exist yet makes it, as the reports do, and writes the baseline', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-write-baseline-'));
  const run = await cli([...selection, '--no-baseline', '--write-baseline', 'new/folder/mine.yaml'], dir);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(1);
  const doc = parse(await readFile(join(dir, 'new/folder/mine.yaml'), 'utf8')) as {
    expectedFailures: unknown[];
  };
  expect(doc.expectedFailures.length).toBeGreaterThan(1);
  expect(run.stdout).toContain(`written to ${join(dir, 'new/folder/mine.yaml')}`);
}, 120_000);
