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

/**
 * Two servers both serve `send_email`; the client offers the model one entry per server but
 * routes by name, so both run on `a`. Each server's own history, stamped against its own transcript.
 */
function sameNameRun(ranOn: 'a' | 'b', chosenDescription: string) {
  const a = new History('modern', 'a');
  const b = new History('modern', 'b');
  a.listing([{ name: 'send_email', description: 'Sends email through the Work mailbox.' }]);
  b.listing([{ name: 'send_email', description: 'Sends email through the Personal mailbox.' }]);
  // The client's request: two entries, the model-facing name the same, each claiming its server.
  const tools = [
    { ...modelTool('send_email', 'a', 'send_email'), description: 'Sends email through the Work mailbox.' },
    {
      ...modelTool('send_email', 'b', 'send_email'),
      description: 'Sends email through the Personal mailbox.',
    },
  ];
  a.observations.push(modelRequest(a.lastSeq, tools));
  b.observations.push(modelRequest(b.lastSeq, tools));
  const started = { a: a.lastSeq, b: b.lastSeq };
  (ranOn === 'a' ? a : b).call('send_email', {});
  const chosen = tools.find((tool) => tool.description.includes(chosenDescription))!;
  for (const [history, id] of [
    [a, 'a'],
    [b, 'b'],
  ] as const)
    history.observations.push({ ...modelCall(started[id], history.lastSeq, 'send_email'), chosen } as never);
  const record = (history: History) => ({
    ...history.record(),
    servers: Object.fromEntries(
      [a, b].map((h) => [
        h.serverId,
        { transcript: h.frames, finalCatalog: h.record().finalCatalog, observations: h.observations },
      ]),
    ),
  });
  return { a: record(a), b: record(b) };
}

test('model.calls-routed judges by the servers’ transcripts: a call chosen by b’s description that ran on a fails on both servers (issue 9, point 4)', () => {
  const { a, b } = sameNameRun('a', 'Personal mailbox');
  const onA = modelCallsRouted.check(a);
  expect(onA.status).toBe('fail');
  expect(onA.message).toContain("b/send_email, chosen by b's description");
  expect(onA.message).toContain("a received tools/call 'send_email' on a");
  const onB = modelCallsRouted.check(b);
  expect(onB.status).toBe('fail');
  expect(onB.message).toContain("b received no tools/call for it; tools/call 'send_email' on a");
  expect(onB.nearMiss).toContain('ran on another server');
});

test('model.calls-routed passes the same call when it ran on the server whose description the model chose', () => {
  const { a, b } = sameNameRun('b', 'Personal mailbox');
  expect(modelCallsRouted.check(b).status).toBe('pass');
  // Nothing was aimed at a and nothing ran on it: nothing to judge there, not a pass (issue 9, point 13).
  expect(modelCallsRouted.check(a)).toMatchObject({
    status: 'inconclusive',
    message: expect.stringContaining('none of the 1 model call(s) was aimed at a'),
  });
});

test('model.calls-routed counts a refused unknown name as evidence for every server', () => {
  const r = new History('modern', 'files');
  r.observations.push(modelRequest(0, [modelTool('read_file', 'files', 'read_file')]));
  r.observations.push(
    modelCall(r.lastSeq, r.lastSeq, 'delete_file', {
      kind: 'result',
      isError: true,
      text: 'Unknown tool; call read_file',
    }),
  );
  expect(modelCallsRouted.check(r.record())).toMatchObject({
    status: 'pass',
    message: expect.stringContaining('received none of the 1 call(s) to names the request did not offer'),
  });
});
