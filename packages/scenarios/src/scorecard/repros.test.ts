import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { runRepros } from './repros.js';

const cause = (id: string) =>
  `  - id: ${id}\n    summary: s\n    level: must\n    clauses: [legacy-session-404-new-session]\n    codePath: c\n    repro: scorecard/repros/lib/${id}\n`;
const entry = (id: string) =>
  `  - client: lib\n    scenario: rc-01-session-404-reinitialize\n    reason: r\n    evidence: ["e"]\n    rootCause: ${id}\n`;

test('each reproduction is run from a copy of its folder with the driver environment named, and its verdict line read', async () => {
  const root = await mkdtemp(join(tmpdir(), 'toolshift-repros-'));
  const dir = join(root, 'clients/typescript/lib');
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'toolshift-driver.yaml'),
    'toolshiftDriver: 1\nlanguage: typescript\nlibrary: lib\nversion: 1.0.0\nregistry: npm\nclient: lib\nkind: command\ntoolchain: [node]\nstart: node driver.mjs\nrelists: on-change-signal\nbaseline: baseline.yaml\n',
  );
  const ids = ['still-broken', 'fixed-upstream', 'crashes'];
  await writeFile(
    join(dir, 'baseline.yaml'),
    `rootCauses:\n${ids.map(cause).join('')}expectedFailures:\n${ids.map(entry).join('')}`,
  );
  const programs: Record<string, string> = {
    // It reads the library from the driver's environment, as a real reproduction would.
    'still-broken': `console.log('driver at ' + process.env.TOOLSHIFT_DRIVER_DIR.endsWith('clients/typescript/lib')); console.log('REPRODUCED: no initialize after the 404');`,
    'fixed-upstream': `console.log('NOT REPRODUCED: the client started a new session'); process.exit(1);`,
    crashes: `throw new Error('cannot import the library');`,
  };
  for (const id of ids) {
    const folder = join(root, 'scorecard/repros/lib', id);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'repro.mjs'), programs[id]!);
    await writeFile(
      join(folder, 'repro.yaml'),
      `client: lib\nrootCause: ${id}\nlibrary: lib@1.0.0\ndriver: clients/typescript/lib\ncommand: node repro.mjs\ntimeoutMs: 30000\n`,
    );
  }
  const { discoverDrivers } = await import('./driver-manifest.js');
  const drivers = await discoverDrivers(join(root, 'clients'), root);
  // The driver's (empty) prepared environment goes to this test's own cache, restored after.
  const cache = process.env.TOOLSHIFT_CACHE_DIR;
  process.env.TOOLSHIFT_CACHE_DIR = join(root, 'cache');
  const outcomes = await runRepros(drivers, root).finally(() => {
    if (cache === undefined) delete process.env.TOOLSHIFT_CACHE_DIR;
    else process.env.TOOLSHIFT_CACHE_DIR = cache;
  });
  expect(outcomes.map((o) => [o.rootCause, o.status])).toEqual([
    ['still-broken', 'reproduced'],
    ['fixed-upstream', 'not-reproduced'],
    ['crashes', 'error'],
  ]);
  expect(outcomes[0]!.detail).toBe('REPRODUCED: no initialize after the 404');
  expect(outcomes[2]!.detail).toContain('cannot import the library');
});
