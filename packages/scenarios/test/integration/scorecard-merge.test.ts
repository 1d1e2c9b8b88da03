import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { scorecardCommand } from '../../src/cli/scorecard-command.js';
import { scorecardMergeCommand } from '../../src/cli/scorecard-merge-command.js';

// A scorecard made across machines: each job runs one driver and writes a part (`--out`), a last job
// merges the parts into SCORECARD.md, the detail pages and scorecard.json (docs/scorecard.md).
const example = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../examples/command-client/sdk-command-client.mjs',
);
const root = await mkdtemp(join(tmpdir(), 'toolshift-scorecard-merge-'));
afterAll(() => rm(root, { recursive: true, force: true }));
const sink = { write: () => true } as unknown as NodeJS.WritableStream;

/** A driver folder running the example command client under its own client name. */
async function driver(name: string): Promise<void> {
  const dir = join(root, 'clients/typescript', name);
  await mkdir(dir, { recursive: true });
  // The example names itself in its hello; a copy under another name is a second library for the scorecard.
  await writeFile(
    join(dir, 'client.mjs'),
    (await readFile(example, 'utf8')).replaceAll('example-sdk-client', name),
  );
  await writeFile(
    join(dir, 'toolshift-driver.yaml'),
    [
      'toolshiftDriver: 1',
      'language: typescript',
      `library: ${name}`,
      'version: 0.0.0',
      'registry: npm',
      `client: ${name}`,
      'kind: command',
      'toolchain: [node]',
      `start: ${JSON.stringify(`${process.execPath} client.mjs`)}`,
      'relists: on-change-signal',
      'baseline: baseline.yaml',
      '',
    ].join('\n'),
  );
  await writeFile(join(dir, 'baseline.yaml'), 'expectedFailures: []\n');
}

// The copies import the SDK the way the example does: from this package's node_modules.
await symlink(
  join(dirname(fileURLToPath(import.meta.url)), '../../node_modules'),
  join(root, 'node_modules'),
);

test('parts written by separate runs merge into one scorecard; mismatched or duplicated parts are refused', {
  timeout: 240_000,
}, async () => {
  await driver('first-lib');
  await driver('second-lib');
  const common = { root, scenario: ['one-valid-tool'], era: 'both' };
  const partA = join(root, 'parts/first.json');
  const partB = join(root, 'parts/second.json');
  expect(await scorecardCommand({ ...common, driver: ['first-lib'], out: partA }, sink)).toBe(0);
  expect(await scorecardCommand({ ...common, driver: ['second-lib'], out: partB }, sink)).toBe(0);
  for (const part of [partA, partB])
    expect(JSON.parse(await readFile(part, 'utf8')).drivers[0].skipped).toBeUndefined();
  // A part is not a scorecard: nothing was written at the root yet.
  await expect(readFile(join(root, 'SCORECARD.md'), 'utf8')).rejects.toThrow();

  expect(await scorecardMergeCommand([partA, partB], root, sink)).toBe(0);
  const page = await readFile(join(root, 'SCORECARD.md'), 'utf8');
  expect(page).toMatch(/\| first-lib \| typescript \|/);
  expect(page).toMatch(/\| second-lib \| typescript \|/);
  const stored = JSON.parse(await readFile(join(root, 'scorecard/scorecard.json'), 'utf8'));
  expect(stored.drivers.map((row: { client: string }) => row.client)).toEqual(['first-lib', 'second-lib']);
  expect(stored.drivers[0].eraSupport.legacy.supported).toBe(true);
  await expect(readFile(join(root, 'scorecard/second-lib.md'), 'utf8')).resolves.toContain('# second-lib');

  await expect(scorecardMergeCommand([partA, partA], root, sink)).rejects.toThrow(
    /clients\/typescript\/first-lib is in both/,
  );
  const other = JSON.parse(await readFile(partB, 'utf8'));
  await writeFile(partB, JSON.stringify({ ...other, eras: ['legacy'] }));
  await expect(scorecardMergeCommand([partA, partB], root, sink)).rejects.toThrow(
    /parts of one scorecard share eras and transports/,
  );
  await writeFile(partB, '{"results": []}');
  await expect(scorecardMergeCommand([partA, partB], root, sink)).rejects.toThrow(/is not a scorecard part/);
});
