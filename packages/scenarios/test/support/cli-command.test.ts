import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test } from 'vitest';
import { builtCliIsCurrent } from './cli-command.js';

const PACKAGES = ['fake-server', 'reference-client', 'assertions', 'scenarios'];

/** A workspace with every package's sources, configuration and build info, all at `at` (seconds). */
function workspace(at: number): string {
  const root = mkdtempSync(join(tmpdir(), 'toolshift-cli-command-'));
  const files = [
    'tsconfig.base.json',
    'packages/scenarios/dist/src/cli/main.js',
    'packages/scenarios/catalog/index.ts',
    ...PACKAGES.flatMap((name) => [
      `packages/${name}/package.json`,
      `packages/${name}/tsconfig.json`,
      `packages/${name}/src/index.ts`,
      `packages/${name}/src/deeper/module.ts`,
      `packages/${name}/dist/.tsbuildinfo`,
    ]),
  ];
  for (const file of files) write(root, file, at);
  return root;
}

function write(root: string, file: string, at: number): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), '');
  utimesSync(join(root, file), at, at);
}

test('the build is current when every build info is at least as new as its sources', () => {
  expect(builtCliIsCurrent(workspace(1_000))).toBe(true);
});

test.each([
  'packages/reference-client/src/deeper/module.ts',
  'packages/scenarios/catalog/index.ts',
  'packages/assertions/package.json',
  'packages/fake-server/tsconfig.json',
  'tsconfig.base.json',
])('a source newer than its build info (%s) makes the build stale', (file) => {
  const root = workspace(1_000);
  write(root, file, 2_000);
  expect(builtCliIsCurrent(root)).toBe(false);
});

test('a test file edited after the build leaves it current: tests are not built', () => {
  const root = workspace(1_000);
  write(root, 'packages/fake-server/src/deeper/module.test.ts', 2_000);
  expect(builtCliIsCurrent(root)).toBe(true);
});

test('a missing build (no entry point, or no build info) is never current', () => {
  expect(builtCliIsCurrent(mkdtempSync(join(tmpdir(), 'toolshift-cli-command-')))).toBe(false);
  const root = workspace(1_000);
  const noInfo = mkdtempSync(join(tmpdir(), 'toolshift-cli-command-'));
  for (const file of ['packages/scenarios/dist/src/cli/main.js', 'packages/scenarios/src/index.ts'])
    write(noInfo, file, 1_000);
  expect(builtCliIsCurrent(noInfo)).toBe(false);
  expect(builtCliIsCurrent(root)).toBe(true);
});
