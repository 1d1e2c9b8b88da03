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
  h.observations.push({
    kind: 'warning',
    afterSeq: 0,
    serverId: 'primary',
    toolName: 'bad',
    message: 'excluded bad',
  });
  h.observations.push(
    modelRequest(0, [modelTool('primary__ok', 'primary', 'ok')], {
      withheld: [{ serverId: 'primary', toolName: 'big', reason: 'budget' }],
    }),
  );
  expect(modelNothingSilentlyDropped.check(withCatalog(h.record(), ['ok', 'bad', 'big'])).status).toBe(
    'pass',
  );
});

test('model.nothing-silently-dropped fails when a listed tool just vanishes', () => {
  const h = new History();
  h.observations.push(modelRequest(0, [modelTool('primary__ok', 'primary', 'ok')]));
  const verdict = modelNothingSilentlyDropped.check(withCatalog(h.record(), ['ok', 'gone']));
  expect(verdict).toMatchObject({ status: 'fail', message: expect.stringContaining("'gone'") });
});
