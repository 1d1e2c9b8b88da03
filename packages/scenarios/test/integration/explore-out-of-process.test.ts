import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { cli } from '../support/cli-in-process.js';

// These tests start client processes (tsx compiles the sources in the child): each is bounded at
// 240 s, a safety net for a busy machine, not a speed claim.

const raceModule = fileURLToPath(new URL('../fixtures/client-modules/race-bug-client.mjs', import.meta.url));

test('explore finds, shrinks and writes a replayable counterexample for a --client-module client with a race bug (its trials run in its own client process); replay reproduces it', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-explore-module-'));
  const found = await cli(
    [
      'explore',
      '--client-module',
      raceModule,
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
    `toolshift explore: 1 property against race-bug-client (in its client process, from ${raceModule}), 100 runs each, seed 7`,
  );
  expect(found.stdout).toMatch(
    /✗ list-changed-race failed against race-bug-client after \d+ run\(s\) \(seed 7, path \d+(:\d+)*\)/,
  );
  expect(found.stdout).toContain('registry.never-mixed');
  expect(found.stdout).toContain('Counterexample input: ');
  const line = /Replay it: {3}toolshift replay (\S+) --client-module (\S+)/.exec(found.stdout);
  expect(line?.[2]).toBe(raceModule);
  const file = line![1]!;
  expect(file.startsWith(join(dir, 'replays'))).toBe(true);
  expect(existsSync(file)).toBe(true);
  const recorded = JSON.parse(await readFile(file, 'utf8'));
  expect(recorded).toMatchObject({ client: 'race-bug-client', clientModule: raceModule });

  const replayed = await cli(['replay', file, '--client-module', raceModule], dir);
  expect(replayed.stderr).toBe('');
  expect(replayed.code).toBe(1);
  expect(replayed.stdout).toContain('against race-bug-client');
  expect(replayed.stdout).toContain('transcript: identical to the recorded run');
  expect(replayed.stdout).toContain('result: fail');
  expect(replayed.stdout).toContain('registry.never-mixed');

  // The same interleaving against the reference client: it either holds or leaves the recorded interleaving.
  const reference = await cli(['replay', file, '--client', 'reference'], dir);
  expect([0, 4]).toContain(reference.code);

  // Without the module, the recorded client is unknown: one line saying which module to pass.
  const missing = await cli(['replay', file], dir);
  expect(missing.code).toBe(2);
  // One line saying why, then the usage hint every user error ends with.
  expect(missing.stderr.trim().split('\n')).toHaveLength(2);
  expect(missing.stderr.trim().split('\n')[1]).toMatch(/^Run 'toolshift \w+ --help' for usage\.$/);
  expect(missing.stderr).toContain(
    `was recorded with client 'race-bug-client' of the client module ${raceModule}: replay it with --client-module ${raceModule}.`,
  );
}, 240_000);

test('a correct --client-module client holds under exploration in its client process (exit 0)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-explore-module-'));
  const example = fileURLToPath(
    new URL('../../examples/client-module/sdk-client-module.mjs', import.meta.url),
  );
  const held = await cli(
    [
      'explore',
      '--client-module',
      example,
      '--property',
      'stuck-paginator',
      '--runs',
      '5',
      '--seed',
      '3',
      '--replay-dir',
      'r',
    ],
    dir,
  );
  expect(held.stderr).toBe('');
  expect(held.stdout).toContain('✓ stuck-paginator held for 5 runs (seed 3).');
  expect(held.code).toBe(0);
}, 240_000);

test('explore and replay refuse a command: client with exit 2 and one line saying why, and run nothing', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-explore-module-'));
  // A program that would leave a file behind if it were ever started.
  const program = `command:node -e "require('fs').writeFileSync('started','')"`;
  const explored = await cli(['explore', '--client', program, '--runs', '1'], dir);
  expect(explored.code).toBe(2);
  expect(explored.stdout).toBe('');
  // One line saying why, then the usage hint every user error ends with.
  expect(explored.stderr.trim().split('\n')).toHaveLength(2);
  expect(explored.stderr.trim().split('\n')[1]).toMatch(/^Run 'toolshift \w+ --help' for usage\.$/);
  expect(explored.stderr).toContain(`explore cannot drive '${program}'`);
  expect(explored.stderr).toContain('keeps its own clock');

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
      'r',
    ],
    dir,
  );
  expect(found.code).toBe(1);
  const file = /Replay it: {3}toolshift replay (\S+)/.exec(found.stdout)![1]!;
  const replayed = await cli(['replay', file, '--client', program], dir);
  expect(replayed.code).toBe(2);
  expect(replayed.stdout).toBe('');
  // One line saying why, then the usage hint every user error ends with.
  expect(replayed.stderr.trim().split('\n')).toHaveLength(2);
  expect(replayed.stderr.trim().split('\n')[1]).toMatch(/^Run 'toolshift \w+ --help' for usage\.$/);
  expect(replayed.stderr).toContain(`replay cannot drive '${program}'`);
  expect(existsSync(join(dir, 'started'))).toBe(false);
}, 240_000);

test('a module client whose process exits mid-exploration fails that property with how its process ended (exit 1), and toolshift carries on', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-explore-module-'));
  const exits = fileURLToPath(
    new URL('../fixtures/client-modules/exits-mid-cell-client.mjs', import.meta.url),
  );
  const explored = await cli(
    [
      'explore',
      '--client-module',
      exits,
      '--property',
      'revalidation-before-execution,stuck-paginator',
      '--runs',
      '5',
      '--seed',
      '1',
      '--replay-dir',
      'r',
    ],
    dir,
  );
  expect(explored.stderr).toBe('');
  expect(explored.stdout).toContain(
    "✗ revalidation-before-execution could not be explored against exits-mid-cell-client: the client's process exited with code 0",
  );
  // A fresh process explores the next property.
  expect(explored.stdout).toContain('✓ stuck-paginator held for 5 runs (seed 1).');
  expect(explored.stdout).toContain('1 of 2 properties held against exits-mid-cell-client.');
  expect(explored.code).toBe(1);
}, 240_000);
