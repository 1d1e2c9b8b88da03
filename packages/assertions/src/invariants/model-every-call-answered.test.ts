import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { modelCall, modelRequest, modelTool } from '../../test/support/model-observations.js';
import type { RunRecord } from '../run-record.js';
import { modelEveryCallAnswered } from './model-every-call-answered.js';

const catalog = (record: RunRecord, names: string[]): RunRecord => ({
  ...record,
  finalCatalog: { catalogRevision: 2, tools: names.map((name) => ({ name, inputSchema: {} })) },
});

test('model.every-call-answered passes results, and error results for unavailable tools', () => {
  const h = new History();
  h.observations.push(
    modelRequest(0, [modelTool('primary__a', 'primary', 'a'), modelTool('primary__gone', 'primary', 'gone')]),
  );
  h.observations.push(modelCall(0, 0, 'primary__a'));
  h.observations.push(
    modelCall(0, 0, 'primary__gone', {
      kind: 'result',
      isError: true,
      text: 'no longer available on primary',
    }),
  );
  expect(modelEveryCallAnswered.check(catalog(h.record(), ['a'])).status).toBe('pass');
});

test('model.every-call-answered fails a crash and a fake success for a removed tool', () => {
  const crash = new History();
  crash.observations.push(modelRequest(0, [modelTool('primary__a', 'primary', 'a')]));
  crash.observations.push(modelCall(0, 0, 'primary__a', { kind: 'crashed', error: 'Tool not found' }));
  expect(modelEveryCallAnswered.check(catalog(crash.record(), ['a'])).status).toBe('fail');

  const fake = new History();
  fake.observations.push(modelRequest(0, [modelTool('primary__gone', 'primary', 'gone')]));
  fake.observations.push(modelCall(0, 0, 'primary__gone'));
  expect(modelEveryCallAnswered.check(catalog(fake.record(), ['a'])).message).toContain('success');
});
