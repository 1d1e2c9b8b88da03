import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { scorecardCommand } from '../../src/cli/scorecard-command.js';

// `toolshift scorecard --smoke` runs each driver's own smoke list (legacy and modern), not the
// scorecard's default selection.
const SMOKE = [
  'empty-list',
  'one-valid-tool',
  'paginated-list',
  'tool-added-at-runtime',
  'tool-removed',
  'invalid-schema',
];
const example = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../examples/command-client/sdk-command-client.mjs',
);
const root = await mkdtemp(join(tmpdir(), 'toolshift-scorecard-smoke-'));
afterAll(() => rm(root, { recursive: true, force: true }));

const manifest = (smoke: string[]) =>
  [
    'toolshiftDriver: 1',
    'language: typescript',
    'library: example-sdk-client',
    'version: 0.0.0',
    'registry: npm',
    'client: example-sdk-client',
    'kind: command',
    'toolchain: [node]',
    `start: ${JSON.stringify(`${process.execPath} ${example}`)}`,
    'relists: on-change-signal',
    `smoke: ${JSON.stringify(smoke)}`,
    '',
  ].join('\n');

test("--smoke runs the scenarios of the driver's smoke list, in legacy and modern", {
  timeout: 120_000,
}, async () => {
  const dir = join(root, 'clients/typescript/example');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'toolshift-driver.yaml'), manifest(SMOKE));
  let output = '';
  const out = {
    write: (chunk: string) => {
      output += chunk;
      return true;
    },
  } as unknown as NodeJS.WritableStream;
  const code = await scorecardCommand({ root, smoke: true }, out);
  expect([0, 1], output).toContain(code);
  const json = JSON.parse(await readFile(join(root, 'scorecard/scorecard.json'), 'utf8'));
  const cells = json.drivers[0].groups.flatMap(
    (group: { cells: Array<{ scenarioId: string; era: string }> }) =>
      group.cells.map((cell) => `${cell.scenarioId}/${cell.era}`),
  );
  expect(cells.sort()).toEqual(SMOKE.flatMap((id) => [`${id}/legacy`, `${id}/modern`]).sort());
});

test('--smoke refuses a smoke list naming an unknown scenario before anything runs', async () => {
  const dir = join(root, 'clients/typescript/example');
  await writeFile(join(dir, 'toolshift-driver.yaml'), manifest([...SMOKE, 'no-such-scenario']));
  const out = { write: () => true } as unknown as NodeJS.WritableStream;
  await expect(scorecardCommand({ root, smoke: true }, out)).rejects.toMatchObject({
    code: 'DRIVER_MANIFEST_INVALID',
    message: expect.stringContaining("/smoke/6 names unknown scenario 'no-such-scenario'"),
  });
});
