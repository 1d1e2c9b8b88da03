// What every published package promises in its manifest, checked without packing (install.test.ts
// checks the tarballs themselves).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { publishablePackages, readManifest, workspaceRoot } from './support/workspace-packages.js';

const root = readManifest(workspaceRoot);
const license = readFileSync(join(workspaceRoot, 'LICENSE'), 'utf8');
const packages = publishablePackages();

/** Drops the workspace-only `toolshift-source` condition from an export map. */
function withoutSourceCondition(exports: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(exports).map(([key, target]) => {
      if (typeof target !== 'object' || target === null) return [key, target];
      const { 'toolshift-source': _source, ...rest } = target as Record<string, unknown>;
      return [key, rest];
    }),
  );
}

/** Every `.d.ts` file under `dir`. */
function declarationFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return declarationFiles(path);
    return name.endsWith('.d.ts') ? [path] : [];
  });
}

/** `@types/<name>` for a package without types of its own (`@scope/name` → `@types/scope__name`). */
function typesPackage(pkg: string): string {
  return `@types/${pkg.startsWith('@') ? pkg.slice(1).replace('/', '__') : pkg}`;
}

/** Whether `pkg`, as installed for the package in `dir`, carries its own declaration files. */
function shipsTypes(dir: string, pkg: string): boolean {
  const home = join(dir, 'node_modules', pkg);
  const manifest = JSON.parse(readFileSync(join(home, 'package.json'), 'utf8')) as Record<string, unknown>;
  // TypeScript also finds declarations next to `main` (build/index.js → build/index.d.ts).
  const main = typeof manifest.main === 'string' ? manifest.main.replace(/\.[cm]?js$/, '') : 'index';
  return (
    manifest.types !== undefined ||
    manifest.typings !== undefined ||
    JSON.stringify(manifest.exports ?? null).includes('"types"') ||
    existsSync(join(home, `${main}.d.ts`)) ||
    existsSync(join(home, 'index.d.ts'))
  );
}

test('the workspace root carries the Apache-2.0 license text', () => {
  expect(root.license).toBe('Apache-2.0');
  expect(license).toContain('Apache License');
  expect(license).toContain('Version 2.0, January 2004');
});

describe.each(packages.map((p) => [p.manifest.name, p] as const))('%s', (name, { dir, manifest }) => {
  test('is Apache-2.0 with the root LICENSE file and a README of its own', () => {
    expect(manifest.license).toBe('Apache-2.0');
    expect(readFileSync(join(dir, 'LICENSE'), 'utf8')).toBe(license);
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    expect(readme.startsWith(`# ${name}\n`)).toBe(true);
    expect(readme).toContain('Apache-2.0');
  });

  test('states the tested Node.js lines in engines, the same as the workspace, and shares its version', () => {
    expect(manifest.engines?.node).toBe(root.engines?.node);
    expect(manifest.version).toBe(readManifest(join(workspaceRoot, 'packages', 'scenarios')).version);
  });

  test('ships a whitelist of files (built code, no tests, no source maps, no build info)', () => {
    expect(manifest.files).toBeDefined();
    const files = manifest.files!;
    expect(files).not.toContain('src');
    expect(files.some((entry) => entry.startsWith('test'))).toBe(false);
    if (files.includes('dist')) {
      expect(files).toEqual(expect.arrayContaining(['!dist/.tsbuildinfo', '!**/*.test.*', '!**/*.map']));
    }
  });

  test('publishes its export map without the workspace-only toolshift-source condition', () => {
    if (manifest.exports === undefined) {
      expect(manifest.publishConfig?.exports).toBeUndefined();
      return;
    }
    expect(manifest.publishConfig?.exports).toEqual(withoutSourceCondition(manifest.exports));
  });

  test('every package its declaration files import is a dependency or peer dependency', () => {
    const declared = new Set([
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
    ]);
    const builtins = new Set(builtinModules);
    const missing = new Set<string>();
    for (const file of declarationFiles(join(dir, 'dist'))) {
      const text = readFileSync(file, 'utf8');
      for (const [, specifier] of text.matchAll(/(?:from|import\()\s*['"]([^'".][^'"]*)['"]/g)) {
        if (specifier!.startsWith('node:') || builtins.has(specifier!)) continue;
        const parts = specifier!.split('/');
        const pkg = specifier!.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
        if (!declared.has(pkg)) missing.add(pkg);
        else if (!shipsTypes(dir, pkg) && !declared.has(typesPackage(pkg))) missing.add(typesPackage(pkg));
      }
    }
    expect([...missing]).toEqual([]);
  });
});

test('workspace dependencies point one way, with the distribution pieces at the edge', () => {
  const graph = Object.fromEntries(
    packages.map(({ manifest }) => [
      manifest.name,
      Object.keys(manifest.dependencies ?? {})
        .filter((name) => name === 'toolshift' || name.startsWith('@toolshift/'))
        .sort(),
    ]),
  );
  expect(graph).toEqual({
    '@toolshift/fake-server': [],
    '@toolshift/reference-client': [],
    '@toolshift/assertions': ['@toolshift/fake-server'],
    '@toolshift/scenarios': [
      '@toolshift/assertions',
      '@toolshift/fake-server',
      '@toolshift/reference-client',
    ],
    toolshift: ['@toolshift/scenarios'],
    '@toolshift/testcontainers': ['@toolshift/fake-server'],
  });
});
