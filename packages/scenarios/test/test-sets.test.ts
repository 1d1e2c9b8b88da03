import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
// @ts-expect-error: a plain ES module at the repository root, without type declarations.
import { FULL_ONLY, OWN_PROCESS } from '../../../test-sets.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

// `pnpm test` leaves these files to `pnpm test:full` (CI's command): a renamed or removed file
// must not leave a stale entry behind, and each must say why it waits for the full set.
test('every file only the full test set runs exists and says why', () => {
  const entries = Object.entries(FULL_ONLY as Record<string, string>);
  expect(entries.length).toBeGreaterThan(0);
  for (const [path, why] of entries) {
    expect(existsSync(join(root, path)), path).toBe(true);
    expect(path).toMatch(/^packages\/[^/]+\/(test|src|catalog)\/.+\.test\.ts$/);
    expect(why.length, path).toBeGreaterThan(10);
  }
});

// Integration files that keep a process of their own: each must exist and say what state it would
// leave to the next file in a shared worker.
test('every integration file that keeps its own process exists and says why', () => {
  const entries = Object.entries(OWN_PROCESS as Record<string, string>);
  expect(entries.length).toBeGreaterThan(0);
  for (const [path, why] of entries) {
    expect(existsSync(join(root, path)), path).toBe(true);
    expect(path).toMatch(/^packages\/[^/]+\/test\/.+\.test\.ts$/);
    expect(why.length, path).toBeGreaterThan(10);
  }
});
