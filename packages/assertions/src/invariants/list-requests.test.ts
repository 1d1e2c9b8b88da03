import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { listRequests } from './list-requests.js';

test('discovery.list-requests counts tools/list requests against exactly / atMost / atLeast', () => {
  const h = new History();
  h.listing([{ name: 'a' }, { name: 'b' }, { name: 'c' }], 2);
  expect(listRequests.check(h.record(), { exactly: 2 }).status).toBe('pass');
  expect(listRequests.check(h.record(), { atMost: 3, atLeast: 1 }).status).toBe('pass');
  const short = listRequests.check(h.record(), { exactly: 3 });
  expect(short.status).toBe('fail');
  expect(short.message).toContain('took 2 tools/list request(s); expected exactly 3');
  expect(short.nearMiss).toContain('fewer pages');
  for (let i = 0; i < 5; i++) h.page([{ name: 'a' }], { cursor: '', nextCursor: '' });
  expect(listRequests.check(h.record(), { atMost: 3 })).toMatchObject({
    status: 'fail',
    nearMiss: expect.stringContaining('a loop on a cursor'),
  });
  expect(listRequests.validateParams!({ atMost: 'x' })).toBeDefined();
});

test('discovery.list-requests judges each complete listing for `exactly`, so extra full listings are fine (found by the false-positive corpus)', () => {
  const h = new History();
  h.listing([{ name: 'a' }, { name: 'b' }], 1);
  // The client re-lists the whole catalog before a call: 4 requests, 2 per listing.
  h.listing([{ name: 'a' }, { name: 'b' }], 1);
  // Before: "sent 4 tools/list request(s); expected exactly 2", near miss "it stopped before reading every page".
  expect(listRequests.check(h.record(), { exactly: 2 }).status).toBe('pass');
  expect(listRequests.check(h.record(), { atMost: 3 })).toMatchObject({
    status: 'fail',
    nearMiss: expect.stringContaining('kept listing'),
  });
  const firstPageOnly = new History();
  firstPageOnly.page([{ name: 'a' }], { nextCursor: 'c1' });
  expect(listRequests.check(firstPageOnly.record(), { exactly: 2 })).toMatchObject({
    status: 'fail',
    message: expect.stringContaining('none of the client’s'.replace('’', "'")),
  });
});

test('discovery.list-requests does not judge a lower bound for a client that first listed after the catalog changed', () => {
  const lazy = new History();
  lazy.listen();
  lazy.change();
  lazy.change();
  lazy.listing([{ name: 'a' }]);
  lazy.expose([{ name: 'a' }]);
  expect(listRequests.check(lazy.record(), { atLeast: 4 }).status).toBe('inconclusive');
  const eager = new History();
  eager.listing([{ name: 'a' }]);
  eager.expose([{ name: 'a' }]);
  eager.change();
  expect(listRequests.check(eager.record(), { atLeast: 2 })).toMatchObject({
    status: 'fail',
    nearMiss: expect.stringContaining('never came'),
  });
});

/** A host that lists before each model request: at connect, then in an agent turn whose model reply calls `delete_file`. */
function reaskingTurn(relistsAfterReply: number): History {
  const h = new History('legacy');
  h.listing([{ name: 'read_file' }]);
  const startedAfterSeq = h.lastSeq;
  h.listing([{ name: 'read_file' }]);
  h.frame({
    direction: 'in',
    kind: 'model',
    model: { api: 'openai-chat', exchange: 1, path: '/v1/chat/completions' },
  });
  h.frame({
    direction: 'out',
    kind: 'model',
    model: {
      api: 'openai-chat',
      exchange: 1,
      path: '/v1/chat/completions',
      reply: { toolCalls: [{ callId: 'c1', name: 'delete_file', arguments: { query: '/tmp/a' } }] },
    },
  });
  for (let i = 0; i < relistsAfterReply; i++) h.listing([{ name: 'read_file' }]);
  h.observations.push({
    kind: 'model-call',
    afterSeq: h.lastSeq,
    startedAfterSeq,
    name: 'delete_file',
    arguments: { query: '/tmp/a' },
    outcome: { kind: 'result', isError: true, text: 'delete_file is not a valid tool' },
  });
  return h;
}

test('discovery.list-requests with answeringModelCalls counts only the listings made in reaction to a model call (RM-03 E1), not a re-asking host’s listing before each model request', () => {
  // Before: rm-03 counted every request (atMost 2), so a host listing at connect and before its
  // model request failed with "sent 3 tools/list request(s); expected at most 2".
  const reasking = reaskingTurn(0).record();
  expect(listRequests.check(reasking, { atMost: 1 }).status).toBe('fail');
  expect(listRequests.check(reasking, { atMost: 1, answeringModelCalls: true }).status).toBe('pass');
  // One re-list to look for the tool is allowed; two are not.
  expect(listRequests.check(reaskingTurn(1).record(), { atMost: 1, answeringModelCalls: true }).status).toBe(
    'pass',
  );
  expect(
    listRequests.check(reaskingTurn(2).record(), { atMost: 1, answeringModelCalls: true }),
  ).toMatchObject({
    status: 'fail',
    message: expect.stringContaining('2 tools/list request(s) while answering one model call'),
    nearMiss: expect.stringContaining('look for the tool the model named'),
  });
});

test('discovery.list-requests with answeringModelCalls counts from the call’s start when no model reply carried it, and is inconclusive without model calls', () => {
  const handed = new History('legacy');
  handed.listing([{ name: 'read_file' }]);
  const startedAfterSeq = handed.lastSeq;
  handed.listing([{ name: 'read_file' }]);
  handed.listing([{ name: 'read_file' }]);
  handed.observations.push({
    kind: 'model-call',
    afterSeq: handed.lastSeq,
    startedAfterSeq,
    name: 'delete_file',
    arguments: {},
    outcome: { kind: 'result', isError: true, text: 'unknown tool' },
  });
  expect(listRequests.check(handed.record(), { atMost: 1, answeringModelCalls: true }).status).toBe('fail');
  const none = new History();
  none.listing([{ name: 'a' }]);
  expect(listRequests.check(none.record(), { atMost: 1, answeringModelCalls: true }).status).toBe(
    'inconclusive',
  );
  expect(listRequests.validateParams!({ atLeast: 1, answeringModelCalls: true })).toContain('atMost');
  expect(listRequests.validateParams!({ atMost: 1, answeringModelCalls: true })).toBeUndefined();
});

test('issue 26: exactly 0 passes a client that sent no tools/list (the very case it asserts) and fails one that listed', () => {
  const silent = new History();
  silent.exchange('initialize', {}, { protocolVersion: '2025-11-25' });
  expect(listRequests.check(silent.record(), { exactly: 0 })).toMatchObject({ status: 'pass' });
  const listed = new History();
  listed.listing([{ name: 'a' }]);
  const verdict = listRequests.check(listed.record(), { exactly: 0 });
  expect(verdict.status).toBe('fail');
  expect(verdict.message).toContain('expected none');
  // A lone atMost holds with no request too; atLeast 1 with none is not a pass.
  expect(listRequests.check(silent.record(), { atMost: 2 }).status).toBe('pass');
  expect(listRequests.check(silent.record(), { atLeast: 1 }).status).toBe('inconclusive');
});
