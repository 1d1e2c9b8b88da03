// `toolshift run --shard i/n` splits a run for a CI matrix; `toolshift merge-reports` puts the shards'
// JSON reports back together into the run they came from.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { cli } from '../support/cli-in-process.js';

interface Report {
  exitCode: number;
  counts: Record<string, number>;
  shard?: { index: number; count: number; selectedCells: number; selectionDigest: string };
  results: Array<{ scenarioId: string; era: string; transport: string; client: string; status: string }>;
}
const key = (r: Report['results'][number]) => `${r.scenarioId}/${r.era}/${r.transport}/${r.client}`;
const read = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as Report;

// Two clients (one that never re-lists) × two scenarios × every era, over HTTP: a run that fails.
const SELECTION = [
  '--client',
  'reference,defect:ignores-list-changed',
  '--scenario',
  'one-valid-tool,tool-added-at-runtime',
  '--transport',
  'http',
  '--no-baseline',
  '--concurrency',
  '2',
];

describe('a run split in three shards and merged back', () => {
  let dir = '';
  let whole: Report;
  const shards: Report[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'toolshift-shard-'));
    const run = await cli(['run', ...SELECTION, '--json', 'whole.json'], dir);
    expect(run.code).toBe(1);
    whole = await read(join(dir, 'whole.json'));
    for (const index of [1, 2, 3]) {
      const shard = await cli(
        ['run', ...SELECTION, '--shard', `${index}/3`, '--json', `shard-${index}.json`],
        dir,
      );
      expect(shard.stdout).toContain(`Shard ${index}/3: `);
      shards.push(await read(join(dir, `shard-${index}.json`)));
    }
  }, 300_000);

  test('the shards hold every cell of the selection once, a third each', () => {
    const keys = shards.flatMap((shard) => shard.results.map(key));
    expect(keys.sort()).toEqual(whole.results.map(key).sort());
    for (const shard of shards) {
      expect(shard.shard).toMatchObject({ count: 3, selectedCells: whole.results.length });
      expect(Math.abs(shard.results.length - whole.results.length / 3)).toBeLessThan(1);
    }
    expect(new Set(shards.map((shard) => shard.shard!.selectionDigest)).size).toBe(1);
  });

  test('merge-reports gives back the whole run: same cells in the same order, same statuses, same exit code', async () => {
    const merged = await cli(
      [
        'merge-reports',
        'shard-3.json',
        'shard-1.json',
        'shard-2.json',
        '--json',
        'merged.json',
        '--junit',
        'merged.xml',
      ],
      dir,
    );
    expect(merged.code).toBe(1);
    expect(merged.stdout).toContain(`toolshift merge-reports: 3 shards, ${whole.results.length} cells`);
    expect(merged.stdout).toContain('Result: does NOT match the baseline');
    const report = await read(join(dir, 'merged.json'));
    expect(report.results.map(key)).toEqual(whole.results.map(key));
    expect(report.results.map((r) => r.status)).toEqual(whole.results.map((r) => r.status));
    expect(report.counts).toEqual(whole.counts);
    expect(report.exitCode).toBe(1);
    expect(report.shard).toBeUndefined();
    const junit = await readFile(join(dir, 'merged.xml'), 'utf8');
    expect(junit).toContain('<failure');
    expect(junit.match(/<testcase /g)?.length).toBe(whole.results.length);
  });

  test.each([
    [['shard-1.json', 'shard-2.json'], 'shard 3/3 missing'],
    [['shard-1.json', 'shard-2.json', 'shard-2.json', 'shard-3.json'], 'shard 2/3 is given twice'],
    [['whole.json', 'shard-1.json'], 'not of a shard'],
  ])('merge-reports %j is refused with exit 2: %s', async (files, reason) => {
    const merged = await cli(['merge-reports', ...files], dir);
    expect(merged.code).toBe(2);
    expect(merged.stderr).toContain(reason);
  });

  test('shards of another selection are refused', async () => {
    const other = await cli(
      [
        'run',
        '--client',
        'reference',
        '--scenario',
        'one-valid-tool',
        '--transport',
        'http',
        '--shard',
        '3/3',
        '--json',
        'other-3.json',
      ],
      dir,
    );
    expect(other.code).toBe(0);
    const merged = await cli(['merge-reports', 'shard-1.json', 'shard-2.json', 'other-3.json'], dir);
    expect(merged.code).toBe(2);
    expect(merged.stderr).toContain('selected other cells');
  });

  test('a report edited to drop a cell is refused: its digest no longer matches, and without one its cells are counted', async () => {
    const edited = { ...shards[0]!, results: shards[0]!.results.slice(1) };
    await writeFile(join(dir, 'edited-1.json'), JSON.stringify(edited));
    const merged = await cli(['merge-reports', 'edited-1.json', 'shard-2.json', 'shard-3.json'], dir);
    expect(merged.code).toBe(2);
    expect(merged.stderr).toContain('its content changed after its run wrote it');
    const { digest: _digest, ...undigested } = edited as typeof edited & { digest?: string };
    await writeFile(join(dir, 'edited-1.json'), JSON.stringify(undigested));
    const counted = await cli(['merge-reports', 'edited-1.json', 'shard-2.json', 'shard-3.json'], dir);
    expect(counted.code).toBe(2);
    expect(counted.stderr).toMatch(/shard 1\/3 of \d+ cells holds \d+, the report has \d+ results/);
  });
});

test.each(['0/2', '3/2', 'two/3'])('--shard %s is a usage error', async (shard) => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-shard-usage-'));
  const run = await cli(
    ['run', '--client', 'reference', '--scenario', 'one-valid-tool', '--shard', shard],
    dir,
  );
  expect(run.code).toBe(2);
  expect(run.stderr).toContain('--shard');
});

test('a shard past the end of a small selection runs no cell and still merges', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-shard-empty-'));
  const selection = [
    '--client',
    'reference',
    '--scenario',
    'one-valid-tool',
    '--transport',
    'http',
    '--era',
    'modern',
  ];
  const first = await cli(['run', ...selection, '--shard', '1/2', '--json', 'a.json'], dir);
  const second = await cli(['run', ...selection, '--shard', '2/2', '--json', 'b.json'], dir);
  expect([first.code, second.code]).toEqual([0, 0]);
  expect((await read(join(dir, 'b.json'))).results).toEqual([]);
  const merged = await cli(['merge-reports', 'a.json', 'b.json'], dir);
  expect(merged.code).toBe(0);
  expect(merged.stdout).toContain('Result: matches the baseline.');
}, 60_000);
