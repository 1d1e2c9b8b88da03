import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { applyDriverBaselines } from './apply-driver-baselines.js';
import type { GradedCell } from './graded-cell.js';
import type { DriverScore } from './run-scorecard.js';

const ROOT_CAUSES = `rootCauses:
  - id: keeps-removed-tools
    summary: The library keeps a removed tool.
    level: advice
    basis: no clause obliges a client to re-list
    codePath: lib/src/list.ts refresh
  - id: no-session-after-404
    summary: A 404 on the session ends the connection.
    level: must
    clauses: [legacy-session-404-new-session]
    codePath: lib/src/transport.ts send
    repro: scorecard/repros/lib/no-session-after-404
`;

const entry = (scenario: string, check: string, rootCause: string) =>
  `  - client: lib\n    scenario: ${scenario}\n    check: ${check}\n    reason: r\n    evidence: ["e"]\n    rootCause: ${rootCause}\n`;

async function setUp(baseline: string, relists = 'on-change-signal') {
  const root = await mkdtemp(join(tmpdir(), 'toolshift-charge-'));
  const dir = join(root, 'clients', 'typescript', 'lib');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'expected-failures.yaml'), baseline);
  await mkdir(join(root, 'scorecard/repros/lib/no-session-after-404'), { recursive: true });
  await writeFile(join(root, 'scorecard/repros/lib/no-session-after-404/repro.yaml'), 'rootCause: x\n');
  const driver = {
    id: 'clients/typescript/lib',
    dir,
    manifest: { client: 'lib', baseline: 'expected-failures.yaml', relists },
  } as never;
  return { root, driver };
}

const failing = (
  scenarioId: string,
  checkId: string,
  level: 'must' | 'advice',
  era = 'legacy',
): GradedCell => ({
  scenarioId,
  era,
  transport: 'http',
  status: 'fail',
  failingChecks: [checkId],
  failingLevels: [level],
  failure: { checkId, message: 'm', evidence: [3] },
});
const passing = (scenarioId: string, era = 'legacy'): GradedCell => ({
  scenarioId,
  era,
  transport: 'http',
  status: 'pass',
});

function row(
  groups: Array<{ group: string; cells: GradedCell[] }>,
  extra: Partial<DriverScore> = {},
): DriverScore {
  return {
    id: 'clients/typescript/lib',
    client: 'lib',
    library: 'lib',
    groups: groups.map((group) => ({ ...group, grade: 'fail', summary: '' })),
    findings: [],
    exitCode: 1,
    ...extra,
  } as unknown as DriverScore;
}

test('a failure explained by a must root cause fails its group and is charged, naming the root cause', async () => {
  const { root, driver } = await setUp(
    `${ROOT_CAUSES}expectedFailures:\n${entry('rc-01-session-404-reinitialize', 'reconnect.dead-session-dropped', 'no-session-after-404')}${entry('tool-removed', 'registry.matches-final-catalog', 'keeps-removed-tools')}`,
  );
  const [charged] = await applyDriverBaselines(
    [
      row([
        {
          group: 'reconnect/session',
          cells: [failing('rc-01-session-404-reinitialize', 'reconnect.dead-session-dropped', 'must')],
        },
        {
          group: 'removal',
          cells: [
            failing('tool-removed', 'registry.matches-final-catalog', 'advice'),
            passing('tool-removed', 'modern'),
          ],
        },
      ]),
    ],
    [driver],
    root,
  );
  const [reconnect, removal] = charged!.groups;
  expect(reconnect).toMatchObject({ grade: 'fail', rootCauses: ['no-session-after-404'] });
  // An advice root cause is a risk of the group, never a failure.
  expect(removal).toMatchObject({ grade: 'pass', risks: ['keeps-removed-tools'] });
  expect(removal!.cells[0]).toMatchObject({
    status: 'known-failure',
    risk: true,
    rootCause: 'keeps-removed-tools',
  });
  expect(charged!.findings.map((f) => [f.rootCause, f.level, f.charged])).toEqual([
    ['no-session-after-404', 'must', true],
    ['keeps-removed-tools', 'advice', false],
  ]);
  expect(charged!.rootCauses!.map((cause) => [cause.id, cause.charged, cause.cells.length])).toEqual([
    ['keeps-removed-tools', false, 1],
    ['no-session-after-404', true, 1],
  ]);
  expect(charged!.exitCode).toBe(0);
});

test('an unexplained failure is a lead (unconfirmed) when a must check failed, and a risk when only advice did', async () => {
  const { root, driver } = await setUp(
    `${ROOT_CAUSES}expectedFailures:\n${entry('rc-01-session-404-reinitialize', 'reconnect.dead-session-dropped', 'no-session-after-404')}${entry('tool-removed', 'registry.matches-final-catalog', 'keeps-removed-tools')}`,
  );
  const [scored] = await applyDriverBaselines(
    [
      row([
        {
          group: 'pagination',
          cells: [
            failing(
              'pg-05-empty-string-cursor-is-a-cursor',
              'discovery.follows-every-cursor',
              'must',
              'modern',
            ),
            passing('paginated-list'),
          ],
        },
        {
          group: 'list changes',
          cells: [
            failing('tool-added-at-runtime', 'change.relists-after-signal', 'advice'),
            passing('one-valid-tool'),
          ],
        },
      ]),
    ],
    [driver],
    root,
  );
  expect(scored!.groups.map((group) => group.grade)).toEqual(['unconfirmed', 'pass']);
  expect(scored!.groups[1]!.risks).toEqual(['unexplained change.relists-after-signal']);
  expect(scored!.findings.map((f) => [f.explained, f.level, f.charged])).toEqual([
    [false, 'must', true],
    [false, 'advice', false],
  ]);
  // An unexplained charged failure makes the row a mismatch; an unexplained risk does not.
  expect(scored!.exitCode).toBe(1);
});

test('a library that cannot reach a 2026-07-28-only server is "not supported" there unless it claims the revision, and never passes on fallbacks alone', async () => {
  const { root, driver } = await setUp(
    `${ROOT_CAUSES}expectedFailures:\n${entry('rc-01-session-404-reinitialize', 'reconnect.dead-session-dropped', 'no-session-after-404')}${entry('tool-removed', 'registry.matches-final-catalog', 'keeps-removed-tools')}`,
  );
  const fallbacksOnly = [
    {
      group: 'modern protocol',
      cells: [passing('modern-preferred-falls-back-to-legacy', 'modern')].map((c) => ({ ...c, era: 'dual' })),
    },
  ];
  const noModern = {
    legacy: { supported: true, detail: 'ok' },
    modern: { supported: false, detail: 'runner.client-connected: initialize answered 400' },
  };
  const [legacyOnly] = await applyDriverBaselines(
    [row(fallbacksOnly, { eraSupport: noModern, declaredEras: ['legacy'] })],
    [driver],
    root,
  );
  expect(legacyOnly!.groups[0]).toMatchObject({ grade: 'not supported' });
  expect(legacyOnly!.groups[0]!.summary).toContain('initialize answered 400');
  const [claims] = await applyDriverBaselines([row(fallbacksOnly, { eraSupport: noModern })], [driver], root);
  expect(claims!.groups[0]!.grade).toBe('unconfirmed');
  const reaches = { ...noModern, modern: { supported: true, detail: 'ok' } };
  const [fallbackPass] = await applyDriverBaselines(
    [row(fallbacksOnly, { eraSupport: reaches })],
    [driver],
    root,
  );
  expect(fallbackPass!.groups[0]!.grade).toBe('n/a');
});

test('a library baseline entry without a root cause, or a must root cause without its reproduction, is refused', async () => {
  const bare = await setUp(
    `${ROOT_CAUSES}expectedFailures:\n  - client: lib\n    scenario: tool-removed\n    reason: r\n    evidence: ["e"]\n`,
  );
  await expect(applyDriverBaselines([row([])], [bare.driver], bare.root)).rejects.toThrow(
    /expectedFailures\/0\/rootCause is missing/,
  );
  const noRepro = await setUp(
    `rootCauses:\n  - id: a\n    summary: s\n    level: must\n    clauses: [legacy-session-404-new-session]\n    codePath: c\nexpectedFailures:\n${entry('tool-removed', 'registry.matches-final-catalog', 'a')}`,
  );
  await expect(applyDriverBaselines([row([])], [noRepro.driver], noRepro.root)).rejects.toThrow(
    /rootCauses\/0\/repro is missing/,
  );
  const serverClause = await setUp(
    `rootCauses:\n  - id: a\n    summary: s\n    level: should\n    clauses: [stable-cursors]\n    codePath: c\nexpectedFailures:\n${entry('tool-removed', 'registry.matches-final-catalog', 'a')}`,
  );
  await expect(applyDriverBaselines([row([])], [serverClause.driver], serverClause.root)).rejects.toThrow(
    /binds the server/,
  );
});

test('a stored stale cell passes again once its entry is gone, and stays stale while an entry still expects it to fail', async () => {
  const { root, driver } = await setUp(
    `${ROOT_CAUSES}expectedFailures:\n${entry('rc-01-session-404-reinitialize', 'reconnect.dead-session-dropped', 'no-session-after-404')}${entry('tool-removed', 'registry.matches-final-catalog', 'keeps-removed-tools')}`,
  );
  const stale = (scenarioId: string): GradedCell => ({
    scenarioId,
    era: 'legacy',
    transport: 'http',
    status: 'stale',
    baselineReason: 'an entry that was removed or still holds',
  });
  const [updated] = await applyDriverBaselines(
    [row([{ group: 'removal', cells: [stale('tool-removed'), stale('tool-added-at-runtime')] }])],
    [driver],
    root,
  );
  expect(updated!.groups[0]!.cells.map((c) => c.status)).toEqual(['stale', 'pass']);
  expect(updated!.groups[0]!.cells[1]!.baselineReason).toBeUndefined();
});

test('a baseline entry charging an excused cell to a must root cause charges it; an advice one leaves the excuse', async () => {
  const { root, driver } = await setUp(
    `${ROOT_CAUSES}expectedFailures:\n${entry('sc-06-stale-schema-after-restart', 'execution.arguments-fit-current-contract', 'no-session-after-404')}${entry('tool-removed', 'registry.matches-final-catalog', 'keeps-removed-tools')}`,
    'before-each-model-request',
  );
  // A host that lists before each model request: registry-only failures are excused (re-graded here).
  const excused = (scenarioId: string, checkId: string): GradedCell => failing(scenarioId, checkId, 'advice');
  // The sc-06 cell fails the check its entry names at must too (a stand-in): the cell itself shows the clause broken.
  const sc06: GradedCell = {
    ...excused('sc-06-stale-schema-after-restart', 'registry.current-contracts'),
    failingChecks: ['registry.current-contracts', 'execution.arguments-fit-current-contract'],
    failingLevels: ['advice', 'must'],
  };
  const [scored] = await applyDriverBaselines(
    [
      row([
        {
          group: 'schema change',
          cells: [sc06],
        },
        { group: 'removal', cells: [excused('tool-removed', 'registry.matches-final-catalog')] },
      ]),
    ],
    [driver],
    root,
  );
  expect(scored!.groups[0]).toMatchObject({ grade: 'fail', rootCauses: ['no-session-after-404'] });
  expect(scored!.groups[0]!.cells[0]!.notApplicable).toBeUndefined();
  expect(scored!.groups[1]!.cells[0]!.notApplicable).toContain(
    'lists the tools again before each model request',
  );
  expect(scored!.groups[1]!.grade).toBe('n/a');
  expect(scored!.findings.map((f) => f.rootCause)).toEqual(['no-session-after-404']);
});

test('a must root cause charges only cells whose own failing check shows its clause: a consequence, or an entry naming no check, is a risk', async () => {
  const noCheck = `  - client: lib\n    scenario: au-04-unlocked-tools-after-respawn\n    reason: r\n    evidence: ["e"]\n    rootCause: no-session-after-404\n`;
  const { root, driver } = await setUp(
    `${ROOT_CAUSES}expectedFailures:\n${entry('rc-01-session-404-reinitialize', 'reconnect.dead-session-dropped', 'no-session-after-404')}${entry('rc-05-restart-keeps-old-tools', 'reconnect.resubscribed-and-relisted', 'no-session-after-404')}${noCheck}${entry('tool-removed', 'registry.matches-final-catalog', 'keeps-removed-tools')}`,
  );
  const [scored] = await applyDriverBaselines(
    [
      row([
        {
          group: 'reconnect/session',
          cells: [
            failing('rc-01-session-404-reinitialize', 'reconnect.dead-session-dropped', 'must'),
            failing('rc-05-restart-keeps-old-tools', 'reconnect.resubscribed-and-relisted', 'advice'),
          ],
        },
        {
          group: 'auth-dependent lists',
          cells: [failing('au-04-unlocked-tools-after-respawn', 'registry.matches-final-catalog', 'advice')],
        },
      ]),
    ],
    [driver],
    root,
  );
  expect(scored!.findings.map((f) => [f.scenarioId, f.level, f.charged, f.explained])).toEqual([
    ['rc-01-session-404-reinitialize', 'must', true, true],
    ['rc-05-restart-keeps-old-tools', 'advice', false, true],
    ['au-04-unlocked-tools-after-respawn', 'advice', false, true],
  ]);
  expect(scored!.groups[0]).toMatchObject({ grade: 'fail', rootCauses: ['no-session-after-404'] });
  expect(scored!.groups[1]!.grade).not.toBe('fail');
  expect(scored!.rootCauses!.find((c) => c.id === 'no-session-after-404')!.cells.map((c) => c.risk)).toEqual([
    undefined,
    true,
    true,
  ]);
});

test('a failing cell stored without levels charges nothing it cannot show', async () => {
  const { root, driver } = await setUp(
    `${ROOT_CAUSES}expectedFailures:\n${entry('rc-01-session-404-reinitialize', 'reconnect.dead-session-dropped', 'no-session-after-404')}${entry('tool-removed', 'registry.matches-final-catalog', 'keeps-removed-tools')}`,
  );
  const cell = failing('lc-01-new-tool-offered-to-model', 'model.requests-built', 'advice');
  const { failingLevels: _levels, ...unlevelled } = cell;
  const [scored] = await applyDriverBaselines(
    [row([{ group: 'removal', cells: [unlevelled] }])],
    [driver],
    root,
  );
  expect(scored!.findings).toMatchObject([{ level: 'advice', charged: false, explained: false }]);
  expect(scored!.exitCode).toBe(0);
});
