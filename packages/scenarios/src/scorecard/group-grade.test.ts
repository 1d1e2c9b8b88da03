import { expect, test } from 'vitest';
import { cellResult } from '../../test/fixtures/cell-result.js';
import type { CellResult } from '../runner/cell.js';
import { gradeGroups } from './group-grade.js';
import { scorecardMarkdown } from './scorecard-markdown.js';

const gradeOf = (results: CellResult[], group: string) =>
  gradeGroups(results).find((g) => g.group === group)!;

test('a group fails when any cell failed, a known failure too; passes when every judged cell passed', () => {
  const failure = {
    checkId: 'registry.matches-final-catalog',
    message: 'missing beta',
    evidence: [{ seq: 7 }],
  };
  const grade = gradeOf(
    [
      cellResult('tool-removed', 'pass'),
      cellResult('rm-01-tool-added-mid-turn', 'known-failure', { firstFailure: failure as never }),
    ],
    'removal',
  );
  expect(grade.grade).toBe('fail');
  expect(grade.summary).toContain('rm-01-tool-added-mid-turn (legacy) registry.matches-final-catalog');
  expect(grade.cells[1]!.failure).toEqual({
    checkId: 'registry.matches-final-catalog',
    message: 'missing beta',
    evidence: [7],
  });
  expect(
    gradeOf(
      [cellResult('tool-removed', 'pass'), cellResult('rm-03-unknown-tool-forwarded', 'n/a')],
      'removal',
    ).grade,
  ).toBe('pass');
});

test('a group whose failures no baseline entry explains yet is unconfirmed, not fail', () => {
  const failure = { checkId: 'discovery.follows-every-cursor', message: 'stopped', evidence: [] };
  const unexplained = cellResult('pg-01-ignores-next-cursor', 'fail', { firstFailure: failure as never });
  const explained = cellResult('paginated-list', 'known-failure', { firstFailure: failure as never });
  const alone = gradeOf([unexplained, cellResult('paginated-list', 'pass')], 'pagination');
  expect(alone.grade).toBe('unconfirmed');
  expect(alone.summary).toContain('pg-01-ignores-next-cursor');
  // One explained failure makes it a fail, and the summary names that one.
  const both = gradeOf([unexplained, explained], 'pagination');
  expect(both.grade).toBe('fail');
  expect(both.summary).toContain('first: paginated-list');
  // A harness error is not the library's either.
  expect(gradeOf([cellResult('paginated-list', 'error')], 'pagination').grade).toBe('unconfirmed');
});

test('a group nothing judged is n/a, and one passed only by re-asking says so', () => {
  expect(
    gradeOf(
      [cellResult('paginated-list', 'n/a'), cellResult('pg-03-first-page-only', 'inconclusive')],
      'pagination',
    ).grade,
  ).toBe('n/a');
  expect(gradeOf([], 'pagination').summary).toBe('no cell ran');
  const frames = [
    { seq: 1, direction: 'in', kind: 'message', streamId: 'post-1', message: { method: 'tools/list' } },
    { seq: 2, direction: 'in', kind: 'message', streamId: 'post-2', message: { method: 'tools/list' } },
    { seq: 3, direction: 'server', kind: 'step', streamId: 'world' },
    { seq: 4, direction: 'in', kind: 'message', streamId: 'post-3', message: { method: 'tools/list' } },
  ];
  const reasked = cellResult('tool-added-at-runtime', 'pass', {
    servers: [{ serverId: 'primary', transcript: frames as never }],
  });
  const grade = gradeOf([reasked, cellResult('one-valid-tool', 'pass')], 'list changes');
  expect(grade.grade).toBe('pass by re-asking');
  expect(
    scorecardMarkdown(
      [
        {
          id: 'clients/typescript/lib',
          language: 'typescript',
          library: 'lib',
          version: '1.0.0',
          client: 'lib',
          relists: 'before-each-model-request',
          runOptions: '--client-module x.mjs',
          notes: [],
          date: '2026-12-01',
          groups: gradeGroups([reasked]),
          counts: { pass: 1 },
          exitCode: 0,
          findings: [],
          durationMs: 1,
        },
      ],
      { command: 'pnpm scorecard', eras: ['legacy'], transports: ['http'], detailsDir: 'scorecard' },
    ),
  ).toContain('[pass by re-asking](scorecard/lib.md#list-changes)');
});
