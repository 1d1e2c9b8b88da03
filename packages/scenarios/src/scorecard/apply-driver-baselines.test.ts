import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { applyDriverBaselines } from './apply-driver-baselines.js';
import type { DriverScore } from './run-scorecard.js';

test('a stored scorecard takes the current baseline: covered failures become explained, others stay unexplained', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-rerender-'));
  await writeFile(
    join(dir, 'expected-failures.yaml'),
    'expectedFailures:\n  - client: lib\n    scenario: tool-removed\n    check: registry.matches-final-catalog\n    reason: keeps removed tools\n    evidence: ["https://example.invalid/issues/1"]\n',
  );
  const cell = (scenarioId: string, checkId: string) => ({
    scenarioId,
    era: 'legacy',
    transport: 'http',
    status: 'fail' as const,
    failure: { checkId, message: 'm', evidence: [3] },
  });
  const score = {
    id: 'clients/typescript/lib',
    client: 'lib',
    library: 'lib',
    groups: [
      {
        group: 'removal',
        grade: 'fail',
        summary: '',
        cells: [
          cell('tool-removed', 'registry.matches-final-catalog'),
          cell('rm-04-tool-not-found-orphans-call', 'x.y'),
        ],
      },
    ],
    findings: [],
    exitCode: 1,
  } as unknown as DriverScore;
  const driver = {
    id: 'clients/typescript/lib',
    dir,
    manifest: { baseline: 'expected-failures.yaml' },
  } as never;
  const [updated] = await applyDriverBaselines([score], [driver]);
  expect(updated!.groups[0]!.cells.map((c) => c.status)).toEqual(['known-failure', 'fail']);
  expect(updated!.findings.map((f) => [f.scenarioId, f.explained, f.evidence])).toEqual([
    ['tool-removed', true, ['https://example.invalid/issues/1']],
    ['rm-04-tool-not-found-orphans-call', false, []],
  ]);
  expect(updated!.exitCode).toBe(1);
});

test('a stored stale cell passes again once its entry is gone, and stays stale while an entry still expects it to fail', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-rerender-'));
  await writeFile(
    join(dir, 'expected-failures.yaml'),
    'expectedFailures:\n  - client: lib\n    scenario: tool-removed\n    check: registry.matches-final-catalog\n    reason: keeps removed tools\n    evidence: ["https://example.invalid/issues/1"]\n',
  );
  const stale = (scenarioId: string) => ({
    scenarioId,
    era: 'legacy',
    transport: 'http',
    status: 'stale' as const,
    baselineReason: 'an entry that was removed or still holds',
  });
  const score = {
    id: 'clients/typescript/lib',
    client: 'lib',
    library: 'lib',
    groups: [
      {
        group: 'removal',
        grade: 'fail',
        summary: '',
        cells: [stale('tool-removed'), stale('tool-added-at-runtime')],
      },
    ],
    findings: [],
    exitCode: 1,
  } as unknown as DriverScore;
  const driver = {
    id: 'clients/typescript/lib',
    dir,
    manifest: { baseline: 'expected-failures.yaml' },
  } as never;
  const [updated] = await applyDriverBaselines([score], [driver]);
  expect(updated!.groups[0]!.cells.map((c) => c.status)).toEqual(['stale', 'pass']);
  expect(updated!.groups[0]!.cells[1]!.baselineReason).toBeUndefined();
});
