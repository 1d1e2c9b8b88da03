import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const packagesDir = join(root, 'packages');

interface Manifest {
  name: string;
  exports?: Record<string, string | { 'toolshift-source'?: string; types?: string; default?: string }>;
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const manifest = (dir: string) =>
  JSON.parse(readFileSync(join(packagesDir, dir, 'package.json'), 'utf8')) as Manifest;

/** Bare specifiers a source file imports at run time (`import type` and `export type` load nothing). */
function runtimeImports(file: string): { relative: string[]; bare: string[] } {
  const text = readFileSync(file, 'utf8');
  const relative: string[] = [];
  const bare: string[] = [];
  const pattern = /^\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const match of text.matchAll(pattern)) {
    const specifier = match[1]!;
    (specifier.startsWith('.') ? relative : bare).push(specifier);
  }
  return { relative, bare };
}

/** Every package a module loads at run time, following relative imports from `entry`. */
function runtimePackagesOf(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const { relative, bare } = runtimeImports(file);
    for (const specifier of bare) {
      const parts = specifier.split('/');
      packages.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
    }
    for (const specifier of relative) {
      const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
      if (existsSync(target)) queue.push(target);
    }
  }
  return packages;
}

const fakeServerSrc = join(packagesDir, 'fake-server', 'src');

describe('package export maps', () => {
  test('@toolshift/fake-server exposes the core, one subpath per optional transport, the model provider and the proxy', () => {
    const { exports = {} } = manifest('fake-server');
    expect(Object.keys(exports).sort()).toEqual(
      ['.', './http', './in-memory', './model', './msw', './proxy', './script.schema.json', './stdio'].sort(),
    );
  });

  test.each(readdirSync(packagesDir))(
    'every code entry of %s has a source, and types and default built from it',
    (dir) => {
      const { exports, bin } = manifest(dir);
      if (exports === undefined) {
        // A command-only package (the `toolshift` CLI): a bin and no importable entry.
        expect(Object.keys(bin ?? {})).not.toEqual([]);
        return;
      }
      expect(exports['.']).toBeDefined();
      for (const target of Object.values(exports)) {
        if (typeof target === 'string') continue;
        const source = target['toolshift-source'];
        expect(source).toMatch(/\.ts$/);
        expect(existsSync(join(packagesDir, dir, source!))).toBe(true);
        expect(target.types).toMatch(/^\.\/dist\/.*\.d\.ts$/);
        expect(target.default).toBe(target.types!.replace(/\.d\.ts$/, '.js'));
        expect(basename(target.default!, '.js')).toBe(basename(source!, '.ts'));
      }
    },
  );

  test('msw is an optional peer of fake-server, never a hard dependency', () => {
    const fakeServer = manifest('fake-server');
    expect(fakeServer.dependencies?.msw).toBeUndefined();
    expect(fakeServer.peerDependencies?.msw).toBeDefined();
    expect(fakeServer.peerDependenciesMeta?.msw?.optional).toBe(true);
  });
});

describe('what each fake-server entry loads', () => {
  test('the core entry loads neither express nor msw', () => {
    const loaded = runtimePackagesOf(join(fakeServerSrc, 'index.ts'));
    expect(loaded.has('express')).toBe(false);
    expect(loaded.has('msw')).toBe(false);
    expect(loaded.has('@modelcontextprotocol/server')).toBe(true);
  });

  test.each(['stdio', 'in-memory', 'model'])('the %s entry loads neither express nor msw', (entry) => {
    const loaded = runtimePackagesOf(join(fakeServerSrc, `${entry}.ts`));
    expect(loaded.has('express')).toBe(false);
    expect(loaded.has('msw')).toBe(false);
  });

  test('the http entry loads express but not msw; the msw entry loads msw but not express', () => {
    const http = runtimePackagesOf(join(fakeServerSrc, 'http.ts'));
    expect(http.has('express')).toBe(true);
    expect(http.has('msw')).toBe(false);
    const msw = runtimePackagesOf(join(fakeServerSrc, 'msw.ts'));
    expect(msw.has('msw')).toBe(true);
    expect(msw.has('express')).toBe(false);
  });

  test('transports and eras never import each other', () => {
    const offenders: string[] = [];
    const walk = (dir: string, forbidden: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path, forbidden);
        else if (entry.name.endsWith('.ts')) {
          const text = readFileSync(path, 'utf8');
          if (text.includes(`/${forbidden}/`)) offenders.push(path);
        }
      }
    };
    walk(join(fakeServerSrc, 'transports'), 'eras');
    walk(join(fakeServerSrc, 'eras'), 'transports');
    expect(offenders).toEqual([]);
  });

  test('the world imports nothing from the script, the steps or the request path (no import circle)', () => {
    const offenders: string[] = [];
    for (const entry of readdirSync(join(fakeServerSrc, 'world'))) {
      if (!entry.endsWith('.ts')) continue;
      const text = readFileSync(join(fakeServerSrc, 'world', entry), 'utf8');
      if (/from '\.\.\/(script|steps|request-path)\//.test(text)) offenders.push(entry);
    }
    expect(offenders).toEqual([]);
  });

  test('nothing outside the script folder and the composition root reaches into script actions', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts') && /from '(\.\.\/)+script\//.test(readFileSync(path, 'utf8')))
          offenders.push(path.slice(fakeServerSrc.length + 1));
      }
    };
    for (const folder of ['world', 'eras', 'faults', 'transcript', 'exchange', 'transports'])
      walk(join(fakeServerSrc, folder));
    expect(offenders).toEqual([]);
  });
});
