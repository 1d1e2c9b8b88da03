import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { modelRequest, modelTool } from '../../test/support/model-observations.js';
import { modelToolCountWithinLimit } from './model-tool-count-within-limit.js';

test('model.tool-count-within-limit fails a request over the limit; a refused request is fine', () => {
  const tools = Array.from({ length: 140 }, (_, i) => modelTool(`t${i}`, 'a', `t${i}`));
  const over = new History();
  over.observations.push(modelRequest(0, tools));
  expect(modelToolCountWithinLimit.check(over.record(), { max: 128 })).toMatchObject({
    status: 'fail',
    message: expect.stringContaining('140'),
  });
  const trimmed = new History();
  trimmed.observations.push(modelRequest(0, tools.slice(0, 128)));
  trimmed.observations.push(modelRequest(0, [], { error: 'too many tools: deselect some servers' }));
  expect(modelToolCountWithinLimit.check(trimmed.record(), { max: 128 }).status).toBe('pass');
  expect(modelToolCountWithinLimit.validateParams!({})).toContain("'max' is required");
});
