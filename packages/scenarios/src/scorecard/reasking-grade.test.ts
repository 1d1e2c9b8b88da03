import { expect, test } from 'vitest';
import { cellResult } from '../../test/fixtures/cell-result.js';
import type { CellResult } from '../runner/cell.js';
import { groupsOf } from './capability-groups.js';
import { regradeCell } from './graded-cell.js';
import { gradeGroups } from './group-grade.js';
import { reaskingExcuse, reaskingGrade } from './reasking-grade.js';

const verdict = (checkId: string, status: 'pass' | 'fail') => ({
  checkId,
  status,
  message: checkId,
  evidence: [],
});

const gradeOf = (results: CellResult[], group: string) =>
  gradeGroups(results).find((g) => g.group === group)!;

test('a re-asking host is not failed by registry checks of a scenario that makes no model request', () => {
  const registryOnly = cellResult('tool-added-at-runtime', 'fail', {
    verdicts: [
      verdict('registry.matches-final-catalog', 'fail'),
      verdict('calls.current-tools-callable', 'pass'),
    ] as never,
  });
  const scenarios = new Map([
    ['tool-added-at-runtime', { clientActions: [{ do: 'connect' }, { do: 'settle' }] }],
    ['rm-01-tool-added-mid-turn', { clientActions: [{ do: 'connect' }, { do: 'model-call' }] }],
  ]) as never;
  const reasker = { reasksBeforeModelRequests: true, scenarios };
  expect(reaskingExcuse(registryOnly, reasker)).toContain('makes no model request');
  expect(gradeOf([registryOnly, cellResult('one-valid-tool', 'pass')], 'list changes').grade).toBe(
    'unconfirmed',
  );
  expect(
    gradeGroups([registryOnly, cellResult('one-valid-tool', 'pass')], reasker).find(
      (g) => g.group === 'list changes',
    )!.grade,
  ).toBe('pass');
  // A host that relies on change signals, a model-request scenario, or another failing check: it counts.
  expect(reaskingExcuse(registryOnly, { reasksBeforeModelRequests: false, scenarios })).toBeUndefined();
  const modelScenario = cellResult('rm-01-tool-added-mid-turn', 'fail', {
    verdicts: [verdict('registry.matches-final-catalog', 'fail')] as never,
  });
  // In a model-request scenario the same failure is graded as passed by re-asking, not n/a.
  expect(reaskingGrade(modelScenario, reasker)?.kind).toBe('reasked');
  const other = cellResult('tool-added-at-runtime', 'fail', {
    verdicts: [verdict('calls.current-tools-callable', 'fail')] as never,
  });
  expect(reaskingExcuse(other, reasker)).toBeUndefined();
});

test('a re-asking host whose only failure in a model-request scenario is its reaction to the signal passed by re-asking', () => {
  const failed = cellResult('lc-01-new-tool-offered-to-model', 'fail', {
    verdicts: [
      verdict('change.relisted-within-bound', 'fail'),
      verdict('model.request-offers', 'pass'),
    ] as never,
  });
  const scenarios = new Map([
    ['lc-01-new-tool-offered-to-model', { clientActions: [{ do: 'model-call' }] }],
  ]) as never;
  const grade = gradeGroups([failed], { reasksBeforeModelRequests: true, scenarios }).find(
    (g) => g.group === 'list changes',
  )!;
  expect(grade.grade).toBe('pass by re-asking');
  expect(grade.cells[0]!.reaskedDespite).toContain(
    'ignored the change signal (change.relisted-within-bound)',
  );
  const modelFailed = cellResult('lc-01-new-tool-offered-to-model', 'fail', {
    verdicts: [
      verdict('change.relisted-within-bound', 'fail'),
      verdict('model.request-offers', 'fail'),
    ] as never,
  });
  expect(reaskingExcuse(modelFailed, { reasksBeforeModelRequests: true, scenarios })).toBeUndefined();
});

test('a failure is never credited to re-asking when the wire shows the re-asking did not work', () => {
  const verdicts = [
    { checkId: 'registry.current-contracts', status: 'fail', message: 'stale schema', evidence: [] },
  ] as never;
  const scenarios = new Map([
    ['sc-06-stale-schema-after-restart', { clientActions: [{ do: 'model-call' }] }],
  ]) as never;
  const context = { reasksBeforeModelRequests: true, scenarios };
  const at = (seq: number, catalogRevision: number, extra: object) => ({
    seq,
    catalogRevision,
    tick: 0,
    streamId: 'post',
    ...extra,
  });
  const listed = (seq: number, revision: number) =>
    at(seq, revision, { direction: 'out', kind: 'message', message: { id: seq, result: { tools: [] } } });
  const restart = at(3, 2, { direction: 'server', kind: 'step', step: 'restart' });
  const relist = at(4, 2, { direction: 'in', kind: 'message', message: { id: 4, method: 'tools/list' } });
  const modelRequest = at(7, 2, { direction: 'in', kind: 'model' });
  const deadSession = at(5, 2, {
    direction: 'out',
    kind: 'message',
    httpStatus: 404,
    message: { error: {} },
  });
  const cellWith = (frames: object[]) =>
    cellResult('sc-06-stale-schema-after-restart', 'fail', {
      verdicts,
      servers: [{ serverId: 'primary', transcript: frames as never }],
    });
  // It listed after the restart: the stale registry is a standing list it does not keep.
  const relisted = cellWith([listed(1, 1), restart, relist, listed(6, 2), modelRequest]);
  expect(reaskingGrade(relisted, context)?.kind).toBe('reasked');
  // Its listings after the restart were answered 404 (a dead session it never replaced): it counts.
  const failedRelist = cellWith([listed(1, 1), restart, relist, deadSession]);
  expect(reaskingGrade(failedRelist, context)).toBeUndefined();
  const graded = gradeGroups([failedRelist], context).flatMap((group) => group.cells)[0]!;
  expect(graded.reaskedDespite).toBeUndefined();
  expect(graded.relistedAfterChanges).toBe(false);
  // A response cache answered instead (no tools/list after the restart): it counts too.
  expect(reaskingGrade(cellWith([listed(1, 1), restart, modelRequest]), context)).toBeUndefined();
  // The stored flag decides when the cell is graded again without its transcript (--rerender).
  expect(regradeCell(graded, context).reaskedDespite).toBeUndefined();
  const { relistedAfterChanges: _flag, ...withoutFlag } = graded;
  expect(regradeCell(withoutFlag, context).reaskedDespite).toContain('listed again before the model request');
});

test("a library without a model layer is not failed by the checks that judge its driver's model layer", () => {
  const scenarios = new Map([
    ['sc-03-array-without-items', { clientActions: [{ do: 'connect' }, { do: 'model-call' }] }],
    ['tool-added-at-runtime', { clientActions: [{ do: 'connect' }, { do: 'settle' }] }],
  ]) as never;
  const sdk = { reasksBeforeModelRequests: true, modelLayerIsDriver: true, scenarios };
  const framework = { reasksBeforeModelRequests: true, scenarios };
  const providerRefused = cellResult('sc-03-array-without-items', 'fail', {
    verdicts: [
      verdict('model.provider-accepted', 'fail'),
      verdict('model.tool-definition-sound', 'fail'),
      verdict('model.request-offers', 'pass'),
    ] as never,
  });
  const sdkGrade = reaskingGrade(providerRefused, sdk);
  expect(sdkGrade?.kind).toBe('n/a');
  expect(sdkGrade?.reason).toContain("the driver's code, not the library's");
  expect(sdkGrade?.reason).toContain('model.provider-accepted, model.tool-definition-sound');
  expect(
    gradeGroups([providerRefused], sdk).find((g) => g.group === groupsOf('sc-03-array-without-items')[0])!
      .grade,
  ).toBe('n/a');
  // A library with a model layer answers for the same failure.
  expect(reaskingExcuse(providerRefused, framework)).toBeUndefined();
  expect(
    gradeGroups([providerRefused], framework).find(
      (g) => g.group === groupsOf('sc-03-array-without-items')[0],
    )!.grade,
  ).toBe('unconfirmed');
  // What the library listed still counts: a model-layer failure beside a listing failure fails the cell.
  const listedStale = cellResult('sc-03-array-without-items', 'fail', {
    verdicts: [verdict('model.provider-accepted', 'fail'), verdict('model.request-offers', 'fail')] as never,
  });
  expect(reaskingExcuse(listedStale, sdk)).toBeUndefined();
  // Set aside, the rest is graded as ever: here a re-asking host's registry-only failure.
  const registryAndNames = cellResult('tool-added-at-runtime', 'fail', {
    verdicts: [
      verdict('model.names-valid', 'fail'),
      verdict('registry.matches-final-catalog', 'fail'),
    ] as never,
  });
  const rest = reaskingGrade(registryAndNames, sdk);
  expect(rest?.kind).toBe('n/a');
  expect(rest?.reason).toContain('makes no model request');
  expect(rest?.reason).toContain("model.names-valid judge the driver's model layer");
  expect(reaskingExcuse(registryAndNames, { ...sdk, reasksBeforeModelRequests: false })).toBeUndefined();
});

test('a labelled check is judged by its invariant, and what a provider-targeting scenario offers is the model layer', () => {
  const failed = (checkId: string) => ({ checkId, status: 'fail', message: checkId, evidence: [] });
  const scenarios = new Map([
    [
      'nm-04-same-name-last-wins',
      {
        clientActions: [{ do: 'model-call' }],
        checks: [{ id: 'a-runs-its-calls', invariant: 'model.calls-routed' }],
      },
    ],
    ['provider-cannot-represent-schema', { clientActions: [{ do: 'model-call', provider: 'gemini' }] }],
    ['lc-01-new-tool-offered-to-model', { clientActions: [{ do: 'model-call' }] }],
  ]) as never;
  const sdk = { reasksBeforeModelRequests: true, modelLayerIsDriver: true, scenarios };
  const routed = cellResult('nm-04-same-name-last-wins', 'fail', {
    verdicts: [failed('a-runs-its-calls'), failed('model.names-valid')] as never,
  });
  expect(reaskingGrade(routed, sdk)?.reason).toContain(
    'a-runs-its-calls, model.names-valid judge the driver',
  );
  const adapted = cellResult('provider-cannot-represent-schema', 'fail', {
    verdicts: [failed('model.provider-accepted'), failed('model.request-offers')] as never,
  });
  expect(reaskingGrade(adapted, sdk)?.kind).toBe('n/a');
  // Without a provider to adapt to, what is offered is what the library listed: it counts.
  const stale = cellResult('lc-01-new-tool-offered-to-model', 'fail', {
    verdicts: [failed('model.request-offers')] as never,
  });
  expect(reaskingExcuse(stale, sdk)).toBeUndefined();
});

test("a re-asking host's labelled registry check is excused by its invariant, and a host application's feature never fails a library", () => {
  const failed = (checkId: string) => ({ checkId, status: 'fail', message: checkId, evidence: [] });
  const scenarios = new Map([
    [
      'lc-11-per-user-connections',
      {
        clientActions: [{ do: 'connect' }, { do: 'settle' }],
        checks: [{ id: 'admin-catalogue', invariant: 'registry.final-exposure' }],
      },
    ],
    ['lg-01-definitions-eat-context', { clientActions: [{ do: 'model-request' }] }],
  ]) as never;
  const reasker = { reasksBeforeModelRequests: true, scenarios };
  const labelled = cellResult('lc-11-per-user-connections', 'fail', {
    verdicts: [failed('admin-catalogue')] as never,
  });
  expect(reaskingGrade(labelled, reasker)?.reason).toContain('admin-catalogue have nothing of this host');
  const cost = cellResult('lg-01-definitions-eat-context', 'fail', {
    verdicts: [failed('model.cost-reported')] as never,
  });
  const framework = { reasksBeforeModelRequests: false, scenarios };
  expect(reaskingGrade(cost, framework)).toMatchObject({ kind: 'n/a', by: 'host application' });
  // Beside another failure it is set aside, and the other one counts.
  const costAndOffers = cellResult('lg-01-definitions-eat-context', 'fail', {
    verdicts: [failed('model.cost-reported'), failed('model.request-offers')] as never,
  });
  expect(reaskingGrade(costAndOffers, framework)).toBeUndefined();
  // A host's call of a tool it never listed, sent by a library's call method: the host's feature too.
  const unlisted = cellResult('lg-01-definitions-eat-context', 'fail', {
    verdicts: [failed('execution.calls-only-listed-tools')] as never,
  });
  expect(reaskingGrade(unlisted, framework)).toMatchObject({ kind: 'n/a', by: 'host application' });
  expect(reaskingGrade(unlisted, framework)?.reason).toContain('refuses tools the host never listed');
});

test('a re-listing count (discovery.list-requests atLeast) is a re-asking host’s to skip; a page count or loop bound is not', () => {
  const failing = (scenarioId: string) =>
    cellResult(scenarioId, 'fail', {
      verdicts: [
        { checkId: 'discovery.list-requests', status: 'fail', message: 'count', evidence: [] },
      ] as never,
    });
  const listRequests = (params: Record<string, number>) => ({
    clientActions: [{ do: 'connect' }, { do: 'settle' }, { do: 'refresh' }],
    checks: [{ invariant: 'discovery.list-requests', params }],
  });
  const scenarios = new Map([
    ['lc-07-every-notification-and-manual-refresh', listRequests({ atLeast: 4 })],
    ['pg-02-convenience-reads-one-page', listRequests({ exactly: 3 })],
    ['fresh-cursor-same-page', listRequests({ atMost: 1000 })],
  ]) as never;
  const reasker = { reasksBeforeModelRequests: true, scenarios };
  expect(reaskingGrade(failing('lc-07-every-notification-and-manual-refresh'), reasker)).toMatchObject({
    kind: 'n/a',
    by: 're-asking',
  });
  // Pagination and loops are judged on every listing, re-asking or not.
  expect(reaskingGrade(failing('pg-02-convenience-reads-one-page'), reasker)).toBeUndefined();
  expect(reaskingGrade(failing('fresh-cursor-same-page'), reasker)).toBeUndefined();
  // A host that keeps a tool list and relies on change signals: the count judges it.
  expect(
    reaskingGrade(failing('lc-07-every-notification-and-manual-refresh'), {
      reasksBeforeModelRequests: false,
      scenarios,
    }),
  ).toBeUndefined();
});

test('a library that re-lists at its next use after the signal is not failed for keeping no list up to date at once; a model-facing failure still counts', () => {
  const scenarios = new Map([
    ['tool-removed', { clientActions: [{ do: 'connect' }, { do: 'step' }, { do: 'settle' }] }],
    ['rm-01-tool-added-mid-turn', { clientActions: [{ do: 'connect' }, { do: 'model-request' }] }],
  ]) as never;
  const lazy = { reasksBeforeModelRequests: false, relistsAtNextUse: true, scenarios };
  const noRelist = cellResult('tool-removed', 'fail', {
    verdicts: [
      verdict('change.relists-after-signal', 'fail'),
      verdict('registry.final-exposure', 'fail'),
    ] as never,
  });
  // (The wire showed a catalog change after the first listing: `changed`.)
  expect(reaskingGrade(noRelist, lazy, true, true)).toMatchObject({
    kind: 'n/a',
    by: 're-listing at next use',
  });
  expect(reaskingGrade(noRelist, lazy, true, true)?.reason).toContain(
    'makes no use of the tools after the signal',
  );
  // With no change in the cell there was nothing to re-list for: the failure is the library's.
  expect(reaskingGrade(noRelist, lazy, true, false)).toBeUndefined();
  // Where the scenario used the tools after the signal, only the standing-list checks may be set aside.
  const offeredStale = cellResult('rm-01-tool-added-mid-turn', 'fail', {
    verdicts: [
      verdict('change.relists-after-signal', 'fail'),
      verdict('model.request-offers', 'fail'),
    ] as never,
  });
  expect(reaskingGrade(offeredStale, lazy, true, true)).toBeUndefined();
  // A library that re-lists on the signal itself is held to it.
  expect(reaskingGrade(noRelist, { ...lazy, relistsAtNextUse: false }, true, true)).toBeUndefined();
});
