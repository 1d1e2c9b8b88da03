import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { modelProviderAccepted } from './model-provider-accepted.js';

function exchange(
  history: History,
  n: number,
  violations?: Array<{ rule: string; tool?: string; toolIndex?: number; message: string }>,
) {
  history.frame({
    direction: 'in',
    kind: 'model',
    streamId: `model-${n}`,
    model: { api: 'openai-chat', exchange: n, path: '/v1/chat/completions', tools: [] },
  });
  history.frame({
    direction: 'out',
    kind: 'model',
    streamId: `model-${n}`,
    httpStatus: violations ? 400 : 200,
    model: {
      api: 'openai-chat',
      exchange: n,
      path: '/v1/chat/completions',
      ...(violations
        ? { violations: violations.map((v) => ({ category: 'name' as const, field: 'tools', ...v })) }
        : { reply: { text: 'Done.' } }),
    },
  });
}

test('model.provider-accepted passes accepted requests, and fails a refused one naming the rule and the tool', () => {
  const ok = new History();
  exchange(ok, 1);
  exchange(ok, 2);
  expect(modelProviderAccepted.check(ok.record())).toMatchObject({ status: 'pass' });

  const refused = new History();
  exchange(refused, 1);
  exchange(refused, 2, [
    {
      rule: 'openai.tool-name',
      tool: 'files.write',
      toolIndex: 1,
      message: "Invalid 'tools[1].function.name': string does not match pattern.",
    },
  ]);
  const verdict = modelProviderAccepted.check(refused.record());
  expect(verdict).toMatchObject({
    status: 'fail',
    message: expect.stringContaining("openai.tool-name (tool 'files.write' at 1)"),
  });
  expect(verdict.evidence.map((ref) => ref.seq)).toEqual([3, 4]);
});

test('model.provider-accepted is inconclusive when no model request reached the fake provider', () => {
  const history = new History();
  history.frame({
    direction: 'in',
    kind: 'model',
    model: { api: 'models', exchange: 1, path: '/v1/models' },
  });
  history.frame({
    direction: 'out',
    kind: 'model',
    model: { api: 'models', exchange: 1, path: '/v1/models' },
  });
  expect(modelProviderAccepted.check(history.record()).status).toBe('inconclusive');
});
