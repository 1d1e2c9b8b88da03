import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { modelRequest, modelTool } from '../../test/support/model-observations.js';
import type { RunRecord } from '../run-record.js';
import { modelNothingSilentlyDropped } from './model-nothing-silently-dropped.js';

const withCatalog = (record: RunRecord, names: string[]): RunRecord => ({
  ...record,
  finalCatalog: {
    catalogRevision: 1,
    tools: names.map((name) => ({ name, inputSchema: { type: 'object' } })),
  },
});

test('model.nothing-silently-dropped accepts offered, withheld and warned-about tools', () => {
  const h = new History();
  h.listing([{ name: 'ok' }, { name: 'bad' }, { name: 'big' }]);
  h.observations.push({
    kind: 'warning',
    afterSeq: 0,
    serverId: 'primary',
    toolName: 'bad',
    message: 'excluded bad',
  });
  h.observations.push(
    modelRequest(h.lastSeq, [modelTool('primary__ok', 'primary', 'ok')], {
      withheld: [{ serverId: 'primary', toolName: 'big', reason: 'budget' }],
    }),
  );
  expect(modelNothingSilentlyDropped.check(withCatalog(h.record(), ['ok', 'bad', 'big'])).status).toBe(
    'pass',
  );
});

test('model.nothing-silently-dropped fails when a listed tool just vanishes', () => {
  const h = new History();
  h.listing([{ name: 'ok' }, { name: 'gone' }]);
  h.observations.push(modelRequest(h.lastSeq, [modelTool('primary__ok', 'primary', 'ok')]));
  const verdict = modelNothingSilentlyDropped.check(withCatalog(h.record(), ['ok', 'gone']));
  expect(verdict).toMatchObject({ status: 'fail', message: expect.stringContaining("'gone'") });
});

test('model.nothing-silently-dropped judges the listing the request was built from, not a later catalog', () => {
  const h = new History();
  h.listing([{ name: 'ok' }]);
  h.observations.push(modelRequest(h.lastSeq, [modelTool('primary__ok', 'primary', 'ok')]));
  // A tool added after the request was built cannot have been dropped from it.
  expect(modelNothingSilentlyDropped.check(withCatalog(h.record(), ['ok', 'added_later'])).status).toBe(
    'pass',
  );
  expect(modelNothingSilentlyDropped.check(new History().record()).status).toBe('inconclusive');
});

test('model.nothing-silently-dropped fails a request that offers one tool twice (issue 9, point 5)', () => {
  const h = new History();
  h.listing([{ name: 'ok' }]);
  h.observations.push(
    modelRequest(h.lastSeq, [modelTool('ok', 'primary', 'ok'), modelTool('ok_1', 'primary', 'ok')]),
  );
  expect(modelNothingSilentlyDropped.check(withCatalog(h.record(), ['ok']))).toMatchObject({
    status: 'fail',
    message: expect.stringContaining("lists 'ok' 2 times"),
  });
});

test('the near miss counts reported tools apart from vanished ones (issue 9, point 12)', () => {
  const h = new History();
  h.listing([{ name: 'ok' }, { name: 'big' }, { name: 'gone' }]);
  h.observations.push(
    modelRequest(h.lastSeq, [modelTool('ok', 'primary', 'ok')], {
      withheld: [{ serverId: 'primary', toolName: 'big', reason: 'budget' }],
    }),
  );
  // Before: "offered 1 of 3; the rest vanished without a word", though 'big' was withheld with a reason.
  expect(modelNothingSilentlyDropped.check(withCatalog(h.record(), ['ok', 'big', 'gone'])).nearMiss).toBe(
    'of 3 listed, 1 offered, 1 reported; the other 1 vanished without a word',
  );
});
