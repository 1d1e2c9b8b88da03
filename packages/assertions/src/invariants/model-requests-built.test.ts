import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { modelRequest, modelTool } from '../../test/support/model-observations.js';
import { modelRequestsBuilt } from './model-requests-built.js';

test('model.requests-built fails as soon as one model request could not be built', () => {
  const h = new History();
  h.observations.push(modelRequest(0, [modelTool('a', 'primary', 'a')]));
  expect(modelRequestsBuilt.check(h.record()).status).toBe('pass');
  h.observations.push(modelRequest(0, [], { error: 'orphaned tool_use block' }));
  expect(modelRequestsBuilt.check(h.record())).toMatchObject({
    status: 'fail',
    message: expect.stringContaining('orphaned'),
  });
  expect(modelRequestsBuilt.check(new History().record()).status).toBe('inconclusive');
});
