import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { expect, test } from 'vitest';
import { stringify } from 'yaml';
import { runCli } from '../../src/cli/program.js';

test('a scenario file with three mistakes gets all three errors in one run (exit 2), each naming its rule', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-scenario-errors-'));
  const out = new PassThrough();
  const err = new PassThrough();
  let stderr = '';
  err.on('data', (chunk) => {
    stderr += chunk;
  });
  const exported = await runCli(['export', 'empty-list', '--format', 'json'], { out, err, cwd: dir });
  expect(exported).toBe(0);
  const doc = JSON.parse(out.read().toString()) as Record<string, any>;
  doc.source = [{ case: 'MY-1' }]; // a custom case id: the case form's pattern, not "seed is required"
  doc.eras = ['legacy', 'sideways']; // not an era
  doc.checks[0].invariant = 'no.such-invariant'; // an unknown invariant
  await writeFile(join(dir, 'mine.yaml'), stringify(doc));
  const code = await runCli(['run', '--scenario-file', 'mine.yaml', '--client', 'reference'], {
    out,
    err,
    cwd: dir,
  });
  expect(code).toBe(2);
  const lines = stderr.trim().split('\n');
  expect(lines[0]).toBe(`toolshift: Invalid scenario ${join(dir, 'mine.yaml')}: 3 problems:`);
  expect(lines.slice(1)).toEqual([
    expect.stringMatching(/^ {2}\/source\/0\/case "MY-1" must match .* \[pattern\]$/),
    expect.stringMatching(/^ {2}\/eras\/1 must be one of "legacy", "modern", "dual"\. \[anyOf\]$/),
    expect.stringMatching(
      /^ {2}\/checks\/0\/invariant 'no\.such-invariant' is not a known invariant\. \[known-invariant\]$/,
    ),
  ]);
  expect(stderr).not.toContain('seed');
}, 60_000);
