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

test("model.every-call-answered judges each server's own calls against its own catalog (issue 9, point 13)", () => {
  // Server b's record: the call went to a's tool, which b's catalog does not hold; before, b judged
  // it anyway, and a check without `server:` only ever looked at the first server.
  const b = new History('modern', 'b');
  b.observations.push(modelRequest(0, [modelTool('a__x', 'a', 'x'), modelTool('b__y', 'b', 'y')]));
  b.observations.push(modelCall(0, 0, 'a__x'));
  expect(modelEveryCallAnswered.check(catalog(b.record(), ['y'])).status).toBe('inconclusive');
  b.observations.push(modelCall(0, 0, 'b__y', { kind: 'crashed', error: 'boom' }));
  expect(modelEveryCallAnswered.check(catalog(b.record(), ['y'])).status).toBe('fail');
});

test('model.every-call-answered accepts a success for a tool the server ran, even if removed later', () => {
  const h = new History();
  h.observations.push(modelRequest(0, [modelTool('primary__gone', 'primary', 'gone')]));
  const start = h.lastSeq;
  h.call('gone', {});
  h.observations.push(modelCall(start, h.lastSeq, 'primary__gone'));
  expect(modelEveryCallAnswered.check(catalog(h.record(), ['a'])).status).toBe('pass');
});
