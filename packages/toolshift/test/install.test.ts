// The published packages as a user gets them: packed with `pnpm pack`, checked by publint and
// arethetypeswrong, installed with plain npm into a fresh project outside the workspace, type-checked
// with `skipLibCheck: false`, and run with `npx toolshift` on every tested Node runtime.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ensureNodeRuntime, NODE_RUNTIMES } from '../../../scripts/node-runtimes.mjs';
import {
  packWorkspace,
  publishablePackages,
  readManifest,
  run,
  workspaceRoot,
} from './support/workspace-packages.js';

const scratch = mkdtempSync(join(tmpdir(), 'toolshift-install-'));
const consumer = join(scratch, 'consumer');
const bin = (name: string) => join(workspaceRoot, 'node_modules', '.bin', name);
const rootManifest = readManifest(workspaceRoot);
let tarballs = new Map<string, string>();
let compiled: { status: number | null; output: string } = { status: null, output: '' };
/** Each test spawns npm, npx, publint or attw once per package or runtime: minutes on a busy machine. */
const SPAWNS = { timeout: 300_000 };

/** The runtimes to run the installed CLI on: the one running the tests (Node 20) and the cached others. */
const runtimes: Array<{ label: string; version: () => string; binDir: () => string | undefined }> = [
  { label: 'the workspace Node', version: () => process.version.slice(1), binDir: () => undefined },
  ...Object.values(NODE_RUNTIMES).map((version) => ({
    label: `Node ${version}`,
    version: () => version,
    binDir: () => ensureNodeRuntime(version),
  })),
];

function onRuntime(binDir: string | undefined): NodeJS.ProcessEnv {
  const env = { ...process.env };
  // npm_* variables of the pnpm running the tests would steer npx; the user's shell has none.
  for (const key of Object.keys(env)) if (key.startsWith('npm_')) delete env[key];
  if (binDir) env.PATH = `${binDir}${delimiter}${env.PATH ?? ''}`;
  return env;
}

beforeAll(() => {
  tarballs = packWorkspace(join(scratch, 'tarballs'));
  mkdirSync(consumer);
  const dependencies = Object.fromEntries([...tarballs].map(([name, file]) => [name, `file:${file}`]));
  writeFileSync(
    join(consumer, 'package.json'),
    `${JSON.stringify(
      {
        name: 'toolshift-consumer',
        private: true,
        type: 'module',
        dependencies,
        // The consumer's own tools: the compiler, and vitest for @toolshift/assertions/vitest (a peer).
        devDependencies: {
          typescript: rootManifest.devDependencies!.typescript,
          vitest: rootManifest.devDependencies!.vitest,
        },
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(
    join(consumer, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        skipLibCheck: false,
        outDir: 'out',
        // Only what the packages' own dependencies bring: no @types the consumer adds itself.
        types: [],
      },
      files: ['consumer.ts'],
    }),
  );
  copyFileSync(new URL('./consumer/consumer.ts', import.meta.url), join(consumer, 'consumer.ts'));
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: consumer,
    env: onRuntime(undefined),
  });
  const tsc = spawnSync(join(consumer, 'node_modules', '.bin', 'tsc'), ['-p', '.'], {
    cwd: consumer,
    encoding: 'utf8',
  });
  compiled = { status: tsc.status, output: tsc.stdout + tsc.stderr };
}, 600_000);

// An installed node_modules is thousands of files: removing it takes a while on a busy machine.
afterAll(() => rm(scratch, { recursive: true, force: true }), 300_000);

describe('the packed tarballs', SPAWNS, () => {
  test('every publishable package is packed, with LICENSE, README and built code only', () => {
    expect([...tarballs.keys()].sort()).toEqual(
      publishablePackages()
        .map((p) => p.manifest.name)
        .sort(),
    );
    for (const [name, tarball] of tarballs) {
      const files = run('tar', ['-tzf', tarball], { cwd: scratch })
        .stdout.split('\n')
        .filter(Boolean)
        .map((file) => file.replace(/^package\//, ''));
      expect(files, name).toContain('LICENSE');
      expect(files, name).toContain('README.md');
      expect(files, name).toContain('package.json');
      const unwanted = files.filter(
        (file) =>
          /\.(test|test-d|property\.test)\.[cm]?[jt]s$/.test(file) ||
          file.endsWith('.map') ||
          file.endsWith('.tsbuildinfo') ||
          (file.endsWith('.ts') && !file.endsWith('.d.ts')) ||
          /^(src|test|bench|scripts)\//.test(file),
      );
      expect(unwanted, `${name} ships files a user does not need`).toEqual([]);
    }
  });

  test('publint reports nothing, not even a suggestion', () => {
    for (const [name, tarball] of tarballs) {
      // publint colours its output when CI is set (picocolors); the verdict line is compared as plain text.
      const result = spawnSync(bin('publint'), ['run', tarball, '--level', 'suggestion', '--strict'], {
        encoding: 'utf8',
        env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
      });
      expect(`${name}: ${stripVTControlCharacters(result.stdout).trim().split('\n').pop()}`).toBe(
        `${name}: All good!`,
      );
      expect(result.status).toBe(0);
    }
  });

  test('arethetypeswrong finds no problem in any package with types (ESM-only profile)', () => {
    // The packages are ESM only (`type: module`, no `require` condition): the esm-only profile leaves
    // out node10 and CommonJS-from-node16 resolution, where an ESM-only package is expected to fail.
    const ignored = new Set(['node10', 'node16-cjs']);
    for (const [name, tarball] of tarballs) {
      if (name === 'toolshift') continue; // the CLI package has a bin and no types (asserted below)
      const result = spawnSync(bin('attw'), [tarball, '--profile', 'esm-only', '--format', 'json'], {
        encoding: 'utf8',
      });
      expect(result.status, `${name}:\n${result.stdout}${result.stderr}`).toBe(0);
      const report = JSON.parse(result.stdout) as {
        analysis: {
          types: unknown;
          problems: Array<{ kind: string; entrypoint?: string; resolutionKind?: string }>;
        };
      };
      expect(report.analysis.types, `${name} has types`).not.toBe(false);
      const problems = report.analysis.problems.filter(
        (problem) => problem.resolutionKind === undefined || !ignored.has(problem.resolutionKind),
      );
      expect(problems, name).toEqual([]);
    }
    const cli = readManifest(join(workspaceRoot, 'packages', 'toolshift'));
    expect(cli.bin).toEqual({ toolshift: './bin/toolshift.js' });
    expect(cli.types ?? cli.exports).toBeUndefined();
  });
});

describe('a fresh npm project with the tarballs installed', SPAWNS, () => {
  test('type-checks a consumer of every public entry with skipLibCheck: false', () => {
    expect(compiled.output).toBe('');
    expect(compiled.status).toBe(0);
  });

  describe.each(runtimes)('on $label', ({ version, binDir }) => {
    const env = () => onRuntime(binDir());
    const npx = (args: string[]) =>
      spawnSync('npx', ['--no-install', 'toolshift', ...args], {
        cwd: consumer,
        env: env(),
        encoding: 'utf8',
      });

    test('the runtime is the one named', () => {
      expect(run('node', ['--version'], { cwd: consumer, env: env() }).stdout.trim()).toBe(`v${version()}`);
    });

    test('`npx toolshift --version` prints the version', () => {
      const result = npx(['--version']);
      expect(result.stderr).toBe('');
      expect(result.stdout).toBe(`${readManifest(join(workspaceRoot, 'packages', 'scenarios')).version}\n`);
      expect(result.status).toBe(0);
    });

    test('`npx toolshift run --client reference --scenario one-valid-tool` passes', () => {
      const result = npx(['run', '--client', 'reference', '--scenario', 'one-valid-tool', '--verbose']);
      expect(result.status, result.stdout + result.stderr).toBe(0);
      expect(result.stdout).toMatch(/one-valid-tool +legacy +http +reference +pass/);
      expect(result.stdout).toMatch(/one-valid-tool +modern +http +reference +pass/);
      expect(result.stdout).toContain('Result: matches the baseline.');
    });

    test('the compiled consumer runs: a fake server, the reference client, a step through the admin API', () => {
      const { stdout } = run('node', ['out/consumer.js'], { cwd: consumer, env: env() });
      expect(JSON.parse(stdout)).toMatchObject({
        node: `v${version()}`,
        before: ['alpha'],
        after: ['alpha', 'beta'],
        frames: true,
        entries: true,
      });
    });
  });
});
