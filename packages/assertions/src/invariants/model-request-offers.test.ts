import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { modelRequest, modelTool } from '../../test/support/model-observations.js';
import { modelRequestOffers } from './model-request-offers.js';

test('model.request-offers checks the latest model request only', () => {
  const h = new History();
  h.observations.push(modelRequest(0, [modelTool('p__enable', 'primary', 'enable')]));
  expect(modelRequestOffers.check(h.record(), { includes: ['tool_1'] }).status).toBe('fail');
  h.observations.push(
    modelRequest(0, [
      modelTool('p__enable', 'primary', 'enable'),
      modelTool('p__tool_1', 'primary', 'tool_1'),
    ]),
  );
  expect(modelRequestOffers.check(h.record(), { includes: ['tool_1'], excludes: ['gone'] }).status).toBe(
    'pass',
  );
  expect(modelRequestOffers.check(h.record(), { excludes: ['enable'] }).message).toContain(
    "still offers 'enable'",
  );
});
