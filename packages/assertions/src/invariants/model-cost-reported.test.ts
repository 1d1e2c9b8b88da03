import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { modelRequest, modelTool } from '../../test/support/model-observations.js';
import { modelCostReported } from './model-cost-reported.js';

test('model.cost-reported wants a total and a per-server estimate covering every server offered', () => {
  const tools = [modelTool('a__x', 'a', 'x'), modelTool('b__y', 'b', 'y')];
  const none = new History();
  none.observations.push(modelRequest(0, tools));
  expect(modelCostReported.check(none.record()).status).toBe('fail');
  const partial = new History();
  partial.observations.push(modelRequest(0, tools, { estimatedTokens: 900, perServerTokens: { a: 900 } }));
  expect(modelCostReported.check(partial.record()).message).toContain('misses b');
  const full = new History();
  full.observations.push(
    modelRequest(0, tools, { estimatedTokens: 1000, perServerTokens: { a: 900, b: 100 } }),
  );
  expect(modelCostReported.check(full.record()).status).toBe('pass');
});
