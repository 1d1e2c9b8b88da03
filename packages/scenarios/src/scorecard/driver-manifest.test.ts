import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, realpathSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { isToolshiftError } from '@toolshift/fake-server';
import { expect, test } from 'vitest';
import { discoverDrivers, parseDriverManifest } from './driver-manifest.js';
import { missingToolchain, prepareDriver, preparedEntry, prepareKey } from './prepare-driver.js';

const valid = {
  toolshiftDriver: 1,
  language: 'python',
  library: 'mcp',
  version: '1.2.3',
  registry: 'pypi',
  client: 'python-mcp',
  kind: 'command',
  start: 'python3 driver.py',
  toolchain: ['sh'],
  relists: 'on-change-signal',
};

test('a manifest is validated against driver-manifest.schema.json, naming the pointer and the rule', () => {
  expect(parseDriverManifest(valid, 'm.yaml')).toEqual(valid);
  const cases: Array<[unknown, string]> = [
    [{ ...valid, language: 'cobol' }, '/language'],
    [{ ...valid, start: undefined }, "required property 'start'"],
    [{ ...valid, kind: 'client-module', start: undefined }, "required property 'module'"],
    [{ ...valid, smoke: ['a'] }, '/smoke'],
    [{ ...valid, colour: 'red' }, "unknown field 'colour'"],
  ];
  for (const [doc, naming] of cases) {
    const error = (() => {
      try {
        parseDriverManifest(doc, 'm.yaml');
      } catch (e) {
        return e;
      }
    })();
    expect(isToolshiftError(error, 'DRIVER_MANIFEST_INVALID')).toBe(true);
    expect((error as Error).message).toContain(naming);
    expect((error as Error).message).toContain('m.yaml');
  }
});

/** A checkout with one fake driver whose cheap prepare counts its runs in `runs.log` beside `root`. */
async function fakeCheckout(root: string, lock: string): Promise<string> {
  const dir = join(root, 'clients', 'python', 'mcp');
  await mkdir(dir, { recursive: true });
  const runs = join(dirname(root), 'runs.log');
  const manifest = {
    ...valid,
    lockfiles: ['lock.txt'],
    prepare: [
      `echo run >> '${runs}'`,
      'mkdir "$TOOLSHIFT_DRIVER_ENV/.venv" && cp lock.txt "$TOOLSHIFT_DRIVER_ENV/.venv/"',
    ],
    environment: ['.venv'],
  };
  await writeFile(
    join(dir, 'toolshift-driver.yaml'),
    `${Object.entries(manifest)
      .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
      .join('\n')}\n`,
  );
  await writeFile(join(dir, 'lock.txt'), lock);
  return dir;
}

async function runsOf(root: string): Promise<number> {
  const path = join(dirname(root), 'runs.log');
  return existsSync(path) ? (await readFile(path, 'utf8')).split('\n').filter(Boolean).length : 0;
}

async function withCacheDir<T>(cache: string, body: () => Promise<T>): Promise<T> {
  const before = process.env.TOOLSHIFT_CACHE_DIR;
  process.env.TOOLSHIFT_CACHE_DIR = cache;
  try {
    return await body();
  } finally {
    if (before === undefined) delete process.env.TOOLSHIFT_CACHE_DIR;
    else process.env.TOOLSHIFT_CACHE_DIR = before;
  }
}

test('drivers are discovered under clients/<language>/<library>/ and prepared once per lockfile content into the cache dir', async () => {
  const base = await mkdtemp(join(tmpdir(), 'toolshift-drivers-'));
  const cache = join(base, 'cache');
  const root = join(base, 'checkout');
  const dir = await fakeCheckout(root, 'mcp==1.2.3\n');
  await mkdir(join(root, 'clients', 'python', 'no-manifest'), { recursive: true });
  const [driver, ...rest] = await discoverDrivers(join(root, 'clients'), root);
  expect(rest).toEqual([]);
  expect(driver!.id).toBe(join('clients', 'python', 'mcp'));
  await withCacheDir(cache, async () => {
    expect(await prepareDriver(driver!)).toEqual({ ready: true, reused: false });
    const entry = preparedEntry(driver!, await prepareKey(driver!));
    expect(entry.startsWith(join(cache, 'drivers', 'clients+python+mcp'))).toBe(true);
    // The environment lives in the cache; the driver's folder links to it.
    expect(lstatSync(join(dir, '.venv')).isSymbolicLink()).toBe(true);
    expect(realpathSync(join(dir, '.venv'))).toBe(realpathSync(join(entry, '.venv')));
    expect(await readFile(join(dir, '.venv', 'lock.txt'), 'utf8')).toBe('mcp==1.2.3\n');
    expect(await prepareDriver(driver!)).toEqual({ ready: true, reused: true });
    expect(await runsOf(root)).toBe(1);
    // A changed lockfile is a new key: prepared again into a new entry, the link follows it.
    await writeFile(join(dir, 'lock.txt'), 'mcp==1.2.4\n');
    expect(await prepareDriver(driver!)).toEqual({ ready: true, reused: false });
    expect(await runsOf(root)).toBe(2);
    expect(preparedEntry(driver!, await prepareKey(driver!))).not.toBe(entry);
    expect(await readFile(join(dir, '.venv', 'lock.txt'), 'utf8')).toBe('mcp==1.2.4\n');
    expect(existsSync(join(entry, '.venv'))).toBe(true); // the old entry may stay
  });
});

test('a fresh copy of a driver folder reuses the environment another checkout prepared, without running prepare', async () => {
  const base = await mkdtemp(join(tmpdir(), 'toolshift-drivers-'));
  const cache = join(base, 'cache');
  const first = join(base, 'first');
  await fakeCheckout(first, 'mcp==1.2.3\n');
  // The fresh clone: the driver folder copied as git would check it out (no links, no stamps).
  const second = join(base, 'second');
  const secondDir = join(second, 'clients', 'python', 'mcp');
  await mkdir(secondDir, { recursive: true });
  for (const file of ['toolshift-driver.yaml', 'lock.txt'])
    await cp(join(first, 'clients', 'python', 'mcp', file), join(secondDir, file));
  await withCacheDir(cache, async () => {
    const [one] = await discoverDrivers(join(first, 'clients'), first);
    const [two] = await discoverDrivers(join(second, 'clients'), second);
    expect(await prepareDriver(one!)).toEqual({ ready: true, reused: false });
    expect(await prepareDriver(two!)).toEqual({ ready: true, reused: true });
    expect(await runsOf(first)).toBe(1);
    expect(lstatSync(join(secondDir, '.venv')).isSymbolicLink()).toBe(true);
    expect(await readFile(join(secondDir, '.venv', 'lock.txt'), 'utf8')).toBe('mcp==1.2.3\n');
    // The clone's lockfile changes: it gets its own entry; the first checkout keeps its own.
    await writeFile(join(secondDir, 'lock.txt'), 'mcp==2.0.0\n');
    expect(await prepareDriver(two!)).toEqual({ ready: true, reused: false });
    expect(await runsOf(first)).toBe(2);
    expect(await readFile(join(secondDir, '.venv', 'lock.txt'), 'utf8')).toBe('mcp==2.0.0\n');
    expect(await prepareDriver(one!)).toEqual({ ready: true, reused: true });
    expect(await readFile(join(first, 'clients', 'python', 'mcp', '.venv', 'lock.txt'), 'utf8')).toBe(
      'mcp==1.2.3\n',
    );
  });
});

test('prepares of one key at once build it once (a lock directory); a lock left by a dead process is taken over', async () => {
  const base = await mkdtemp(join(tmpdir(), 'toolshift-drivers-'));
  const cache = join(base, 'cache');
  const root = join(base, 'checkout');
  await fakeCheckout(root, 'mcp==1.2.3\n');
  await withCacheDir(cache, async () => {
    const [driver] = await discoverDrivers(join(root, 'clients'), root);
    const entry = preparedEntry(driver!, await prepareKey(driver!));
    // A lock whose owner process is gone (a prepare killed mid-build), with its half-built entry.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    await mkdir(join(`${entry}.lock`), { recursive: true });
    await writeFile(join(`${entry}.lock`, 'owner'), `${hostname()} ${dead.stdout.toString()}\n`);
    await mkdir(join(entry, '.venv'), { recursive: true });
    const outcomes = await Promise.all([1, 2, 3].map(() => prepareDriver(driver!)));
    expect(outcomes.filter((o) => o.ready && !o.reused)).toHaveLength(1);
    expect(outcomes.filter((o) => o.ready && o.reused)).toHaveLength(2);
    expect(await runsOf(root)).toBe(1);
    expect(existsSync(`${entry}.lock`)).toBe(false);
    expect(await readFile(join(entry, '.venv', 'lock.txt'), 'utf8')).toBe('mcp==1.2.3\n');
  });
});

test('a driver whose toolchain is absent or whose prepare fails is skipped with the reason', async () => {
  expect(missingToolchain(['sh', 'no-such-tool-xyz'])).toEqual(['no-such-tool-xyz']);
  const root = await mkdtemp(join(tmpdir(), 'toolshift-drivers-'));
  const driver = {
    manifest: { ...valid, toolchain: ['no-such-tool-xyz'] },
    dir: root,
    id: 'clients/python/mcp',
  } as never;
  expect(await prepareDriver(driver)).toEqual({
    ready: false,
    skipped: 'toolchain absent: no-such-tool-xyz not on PATH',
  });
  const failing = { manifest: { ...valid, prepare: ['echo nope >&2; exit 7'] }, dir: root, id: 'x' } as never;
  const unbuilt = {
    manifest: { ...valid, prepare: ['true'], environment: ['.venv'] },
    dir: root,
    id: 'y',
  } as never;
  await withCacheDir(join(root, 'cache'), async () => {
    expect(await prepareDriver(failing)).toEqual({
      ready: false,
      skipped: 'prepare failed: `echo nope >&2; exit 7` exited with 7: nope',
    });
    expect(await prepareDriver(unbuilt)).toEqual({
      ready: false,
      skipped: 'prepare failed: the prepare commands did not build .venv in $TOOLSHIFT_DRIVER_ENV',
    });
    // A failed build leaves no entry to be mistaken for a prepared one.
    expect(existsSync(preparedEntry(failing, await prepareKey(failing)))).toBe(false);
  });
});
