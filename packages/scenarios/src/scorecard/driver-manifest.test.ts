import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isToolshiftError } from '@toolshift/fake-server';
import { expect, test } from 'vitest';
import { discoverDrivers, parseDriverManifest } from './driver-manifest.js';
import { missingToolchain, prepareDriver } from './prepare-driver.js';

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

test('drivers are discovered under clients/<language>/<library>/ and prepared once per lockfile content', async () => {
  const root = await mkdtemp(join(tmpdir(), 'toolshift-drivers-'));
  const dir = join(root, 'clients', 'python', 'mcp');
  await mkdir(dir, { recursive: true });
  await mkdir(join(root, 'clients', 'python', 'no-manifest'), { recursive: true });
  await writeFile(
    join(dir, 'toolshift-driver.yaml'),
    `${Object.entries({ ...valid, lockfiles: ['lock.txt'], prepare: ['echo run >> prepared.log'] })
      .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
      .join('\n')}\n`,
  );
  await writeFile(join(dir, 'lock.txt'), 'mcp==1.2.3\n');
  const [driver, ...rest] = await discoverDrivers(join(root, 'clients'), root);
  expect(rest).toEqual([]);
  expect(driver!.id).toBe(join('clients', 'python', 'mcp'));
  expect(await prepareDriver(driver!)).toEqual({ ready: true, reused: false });
  expect(await prepareDriver(driver!)).toEqual({ ready: true, reused: true });
  await writeFile(join(dir, 'lock.txt'), 'mcp==1.2.4\n');
  expect(await prepareDriver(driver!)).toEqual({ ready: true, reused: false });
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
  expect(await prepareDriver(failing)).toEqual({
    ready: false,
    skipped: 'prepare failed: `echo nope >&2; exit 7` exited with 7: nope',
  });
});
