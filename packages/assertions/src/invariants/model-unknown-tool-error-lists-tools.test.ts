import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { modelCall, modelRequest, modelTool } from '../../test/support/model-observations.js';
import { modelUnknownToolErrorListsTools } from './model-unknown-tool-error-lists-tools.js';

test('model.unknown-tool-error-lists-tools wants the valid names in the error for an unknown name', () => {
  const good = new History();
  good.observations.push(modelRequest(0, [modelTool('fs__read_file', 'fs', 'read_file')]));
  good.observations.push(
    modelCall(0, 0, 'delete_file', {
      kind: 'result',
      isError: true,
      text: 'Unknown tool. Use one of: fs__read_file',
    }),
  );
  expect(modelUnknownToolErrorListsTools.check(good.record()).status).toBe('pass');

  const bad = new History();
  bad.observations.push(modelRequest(0, [modelTool('fs__read_file', 'fs', 'read_file')]));
  bad.observations.push(
    modelCall(0, 0, 'delete_file', { kind: 'result', isError: true, text: 'MCP error -32602: Unknown tool' }),
  );
  expect(modelUnknownToolErrorListsTools.check(bad.record()).status).toBe('fail');

  const none = new History();
  none.observations.push(modelRequest(0, [modelTool('fs__read_file', 'fs', 'read_file')]));
  none.observations.push(modelCall(0, 0, 'fs__read_file'));
  expect(modelUnknownToolErrorListsTools.check(none.record()).status).toBe('inconclusive');
});
