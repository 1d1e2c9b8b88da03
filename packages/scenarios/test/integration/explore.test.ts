import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { cli } from '../support/cli-in-process.js';

test('toolshift explore --client defect:no-atomic-swap finds and shrinks a counterexample, writes a replay that toolshift replay reproduces', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-explore-'));
  const found = await cli(
    [
      'explore',
      '--client',
      'defect:no-atomic-swap',
      '--property',
      'list-changed-race',
      '--runs',
      '100',
      '--seed',
      '7',
      '--replay-dir',
      'replays',
    ],
    dir,
  );
  expect(found.stderr).toBe('');
  expect(found.code).toBe(1);
  expect(found.stdout).toContain(
    'toolshift explore: 1 property against defect:no-atomic-swap, 100 runs each, seed 7',
  );
  expect(found.stdout).toMatch(
    /✗ list-changed-race failed against defect:no-atomic-swap after \d+ run\(s\) \(seed 7, path \d+(:\d+)*\)/,
  );
  expect(found.stdout).toContain('registry.never-mixed');
  expect(found.stdout).toContain('Counterexample input: ');
  const file = /Replay it: {3}toolshift replay (\S+)/.exec(found.stdout)?.[1];
  expect(file).toBeDefined();
  expect(file!.startsWith(join(dir, 'replays'))).toBe(true);
  expect(existsSync(file!)).toBe(true);

  const replayed = await cli(['replay', file!], dir);
  expect(replayed.code).toBe(1);
  expect(replayed.stdout).toContain('transcript: identical to the recorded run');
  expect(replayed.stdout).toContain('result: fail');
  expect(replayed.stdout).toContain('registry.never-mixed');
}, 180_000);

test('toolshift explore on a correct client holds (exit 0), and refuses clients it cannot drive in-process (exit 2)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-explore-'));
  const held = await cli(
    ['explore', '--property', 'list-changed-race', '--runs', '5', '--seed', '3', '--replay-dir', 'r'],
    dir,
  );
  expect(held.code).toBe(0);
  expect(held.stdout).toContain('✓ list-changed-race held for 5 runs (seed 3).');
  expect(held.stdout).toContain('1 of 1 property held against reference.');
  const program = await cli(['explore', '--client', 'command:node my-client.mjs'], dir);
  expect(program.code).toBe(2);
  expect(program.stderr).toContain("explore cannot drive 'command:node my-client.mjs'");
  const unknown = await cli(['explore', '--property', 'no-such-property'], dir);
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain("Unknown property 'no-such-property'. Properties: list-changed-race");
}, 180_000);
