import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { modelCall, modelRequest, modelTool } from '../../test/support/model-observations.js';
import { modelCallsRouted } from './model-calls-routed.js';

function twoServers() {
  return [modelTool('a__send_email', 'a', 'send_email'), modelTool('b__send_email', 'b', 'send_email')];
}

test("model.calls-routed passes when the picked server runs the original tool name and is silent for others' calls", () => {
  const a = new History('modern', 'a');
  a.observations.push(modelRequest(0, twoServers()));
  const start = a.lastSeq;
  a.call('send_email', {});
  a.observations.push(modelCall(start, a.lastSeq, 'a__send_email'));
  a.observations.push(modelCall(a.lastSeq, a.lastSeq, 'b__send_email'));
  expect(modelCallsRouted.check(a.record()).status).toBe('pass');
});

test('model.calls-routed fails when the call for B lands on A (shadowing) and when an unoffered name is forwarded', () => {
  const a = new History('modern', 'a');
  a.observations.push(modelRequest(0, twoServers()));
  const start = a.lastSeq;
  const stray = a.call('send_email', {});
  a.observations.push(modelCall(start, a.lastSeq, 'b__send_email'));
  expect(modelCallsRouted.check(a.record())).toMatchObject({
    status: 'fail',
    evidence: [{ seq: stray.request.seq }],
  });

  const r = new History('modern', 'a');
  r.observations.push(modelRequest(0, [modelTool('a__read_file', 'a', 'read_file')]));
  const s = r.lastSeq;
  r.call('delete_file', {});
  r.observations.push(
    modelCall(s, r.lastSeq, 'delete_file', { kind: 'result', isError: true, text: 'no such tool' }),
  );
  expect(modelCallsRouted.check(r.record())).toMatchObject({
    status: 'fail',
    nearMiss: expect.stringContaining('refused locally'),
  });
});

test('model.calls-routed fails when the picked tool never ran', () => {
  const a = new History('modern', 'a');
  a.observations.push(modelRequest(0, twoServers()));
  a.observations.push(
    modelCall(a.lastSeq, a.lastSeq, 'a__send_email', { kind: 'result', isError: true, text: 'unknown' }),
  );
  expect(modelCallsRouted.check(a.record()).status).toBe('fail');
});
