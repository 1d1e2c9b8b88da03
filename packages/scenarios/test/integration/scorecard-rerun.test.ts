import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { scorecardCommand } from '../../src/cli/scorecard-command.js';

// `toolshift scorecard --driver D --scenario S` runs S again and merges its cells into D's stored
// row: the other cells are kept, the re-run ones replaced, and the grades and findings follow.
const example = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../examples/command-client/sdk-command-client.mjs',
);
const root = await mkdtemp(join(tmpdir(), 'toolshift-scorecard-rerun-'));
afterAll(() => rm(root, { recursive: true, force: true }));
const sink = { write: () => true } as unknown as NodeJS.WritableStream;

interface StoredCell {
  scenarioId: string;
  era: string;
  status: string;
  failingChecks?: string[];
  failure?: { checkId: string; message: string; evidence: number[] };
}
interface Stored {
  command: string;
  drivers: Array<{
    groups: Array<{ group: string; grade: string; cells: StoredCell[] }>;
    findings: Array<{ scenarioId: string; era: string; explained: boolean }>;
    reruns?: Array<{ date: string; scenarios: string[] }>;
    counts: Record<string, number>;
  }>;
}
const path = join(root, 'scorecard/scorecard.json');
const read = async () => JSON.parse(await readFile(path, 'utf8')) as Stored;
const cellsOf = (stored: Stored, scenarioId: string) =>
  stored.drivers[0]!.groups.flatMap((group) => group.cells.filter((cell) => cell.scenarioId === scenarioId));

test('a re-run of some scenarios replaces their cells in the stored row and keeps the others', {
  timeout: 180_000,
}, async () => {
  const dir = join(root, 'clients/typescript/example');
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'toolshift-driver.yaml'),
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
      'baseline: baseline.yaml',
      '',
    ].join('\n'),
  );
  await writeFile(join(dir, 'baseline.yaml'), 'expectedFailures: []\n');
  const first = { root, driver: ['example-sdk-client'], era: 'both' };
  await scorecardCommand({ ...first, scenario: ['one-valid-tool', 'tool-removed'] }, sink);
  const before = await read();
  expect(cellsOf(before, 'tool-removed').every((cell) => cell.status === 'pass')).toBe(true);
  // Doctor the stored row: a failure in a cell that will be kept, and one in a cell that will be re-run.
  const failure = { checkId: 'registry.matches-final-catalog', message: 'doctored', evidence: [] };
  for (const cell of [...cellsOf(before, 'one-valid-tool'), ...cellsOf(before, 'tool-removed')])
    if (cell.era === 'legacy')
      Object.assign(cell, {
        status: 'fail',
        failingChecks: [failure.checkId],
        failingLevels: ['must'],
        failure,
      });
  before.command = 'pnpm scorecard (the stored run)';
  await writeFile(path, JSON.stringify(before));

  await scorecardCommand({ ...first, scenario: ['tool-removed'] }, sink);
  const after = await read();
  const row = after.drivers[0]!;
  expect(cellsOf(after, 'one-valid-tool').find((cell) => cell.era === 'legacy')?.status).toBe('fail');
  expect(cellsOf(after, 'tool-removed').map((cell) => cell.status)).toEqual(
    cellsOf(after, 'tool-removed').map(() => 'pass'),
  );
  expect(cellsOf(after, 'tool-removed').length).toBe(cellsOf(before, 'tool-removed').length);
  // Findings and grades are recomputed from the merged cells: the kept failure is an unexplained finding.
  expect(row.findings.map((finding) => `${finding.scenarioId}/${finding.era}/${finding.explained}`)).toEqual([
    'one-valid-tool/legacy/false',
  ]);
  expect(row.groups.some((group) => group.grade === 'unconfirmed')).toBe(true);
  expect(row.counts.fail).toBe(1);
  expect(row.reruns).toEqual([{ date: expect.any(String), scenarios: ['tool-removed'] }]);
  // The scorecard still says how the stored run was made.
  expect(after.command).toBe('pnpm scorecard (the stored run)');
  const page = await readFile(join(root, 'scorecard/example-sdk-client.md'), 'utf8');
  expect(page).toContain('Cells of `tool-removed` run again on');
  // The page's re-run command names the baseline file the manifest gives, not a guessed one.
  expect(page).toContain('--baseline clients/typescript/example/baseline.yaml --scenario <id>');

  // A second re-run the same day joins that day's entry.
  await scorecardCommand({ ...first, scenario: ['one-valid-tool'] }, sink);
  expect((await read()).drivers[0]!.reruns).toEqual([
    { date: expect.any(String), scenarios: ['tool-removed', 'one-valid-tool'] },
  ]);
});
