import type { TranscriptFrame } from '@toolshift/fake-server';
import {
  atStart,
  createFakeServer,
  type FakeServer,
  injectFault,
  scriptBuilder,
} from '@toolshift/fake-server';
import { expect, test } from 'vitest';
import { tools } from '../../catalog/tools.js';
import { listingInFlight } from './listing-in-flight.js';

const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
let id = 0;
/** Sends a modern `tools/list` (with `cursor` when given) as `token`'s principal over HTTP, answer not awaited. */
function list(server: FakeServer, cursor?: string, token?: string) {
  return server.handle({
    transport: 'http',
    httpMethod: 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/list',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: ++id,
      method: 'tools/list',
      params: { ...(cursor !== undefined ? { cursor } : {}), _meta: meta },
    }),
  });
}
const nextCursorOf = (server: FakeServer) => {
  const last = [...server.transcript.frames].reverse().find((frame) => frame.direction === 'out');
  return (last?.message as { result?: { nextCursor?: string } } | undefined)?.result?.nextCursor;
};
const names = (count: number) => tools('page', count).map((tool) => tool.name);

test('a page with a nextCursor the client has not requested yet is a listing in flight, until the last page', async () => {
  const server = createFakeServer(
    scriptBuilder('p')
      .tools(...tools('page', 5))
      .pageSize(2)
      .build(),
  );
  await list(server);
  expect(listingInFlight(server.transcript.frames)).toMatchObject({
    kind: 'cursor-not-followed',
    note: expect.stringContaining('had not requested nextCursor'),
  });
  await list(server, nextCursorOf(server));
  expect(listingInFlight(server.transcript.frames)).toMatchObject({ kind: 'cursor-not-followed' });
  await list(server, nextCursorOf(server));
  const completedAt = server.transcript.lastSeq;
  // Complete, but not shown: the client reported nothing since.
  expect(listingInFlight(server.transcript.frames)).toEqual({
    kind: 'listing-not-shown',
    seq: completedAt,
    note: `the client had not reported an exposure since the listing it completed at #${completedAt}`,
  });
  const shown = (exposures: Array<{ atSeq: number; names: string[] }>) =>
    listingInFlight(server.transcript.frames, { exposures });
  expect(shown([{ atSeq: 1, names: names(5) }])).toBeUndefined();
  // A client that shows the listing differently (filtered, renamed) is done once it showed a change.
  expect(shown([{ atSeq: completedAt, names: ['x'] }])).toBeUndefined();
  expect(
    shown([
      { atSeq: 1, names: ['x'] },
      { atSeq: completedAt, names: ['y'] },
    ]),
  ).toBeUndefined();
  // An exposure reported since, but unchanged for this connection (another connection's listing
  // made it), does not show this listing.
  expect(
    shown([
      { atSeq: 1, names: ['x'] },
      { atSeq: completedAt, names: ['x'] },
    ]),
  ).toMatchObject({
    kind: 'listing-not-shown',
  });
  expect(shown([{ atSeq: completedAt - 1, names: ['x'] }])).toMatchObject({ kind: 'listing-not-shown' });
});

test('a tools/list the server has not answered yet is in flight; one held by a hang fault is not', async () => {
  const delayed = createFakeServer(
    scriptBuilder('d')
      .tools(...tools('page', 1))
      .step(
        'slow',
        injectFault({ kind: 'delay', ms: 100, clock: 'logical' }, { method: 'tools/list' }),
        atStart(),
      )
      .build(),
  );
  const answer = list(delayed);
  expect(listingInFlight(delayed.transcript.frames)).toMatchObject({ kind: 'unanswered-request' });
  delayed.advanceClock(100);
  await answer;
  expect(
    listingInFlight(delayed.transcript.frames, { exposures: [{ atSeq: 0, names: names(1) }] }),
  ).toBeUndefined();

  const hung = createFakeServer(
    scriptBuilder('h')
      .tools(...tools('page', 1))
      .step('hang', injectFault({ kind: 'hang' }, { method: 'tools/list' }), atStart())
      .build(),
  );
  void list(hung);
  expect(hung.transcript.frames.some((frame) => frame.note?.startsWith("fault 'hang'"))).toBe(true);
  expect(listingInFlight(hung.transcript.frames)).toBeUndefined();
  hung.close('drop');
});

test('a cursor the client already requested in the same listing is one it is right to stop at', async () => {
  const server = createFakeServer(
    scriptBuilder('loop')
      .tools(...tools('page', 3))
      .pagination({ cursorStyle: 'nonAdvancing', repeatCursor: '' })
      .build(),
  );
  await list(server);
  expect(nextCursorOf(server)).toBe('');
  expect(listingInFlight(server.transcript.frames)).toMatchObject({ kind: 'cursor-not-followed' });
  await list(server, '');
  expect(nextCursorOf(server)).toBe('');
  expect(listingInFlight(server.transcript.frames)).toBeUndefined();
});

test('an empty nextCursor in a 2025-11-25 session is not a cursor the client owes a request for', () => {
  const frames: TranscriptFrame[] = [
    {
      seq: 1,
      tick: 0,
      era: 'legacy',
      transport: 'http',
      streamId: 'post-1',
      direction: 'in',
      kind: 'message',
      message: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    },
    {
      seq: 2,
      tick: 0,
      era: 'legacy',
      transport: 'http',
      streamId: 'post-1',
      direction: 'out',
      kind: 'message',
      message: { jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'a', inputSchema: {} }], nextCursor: '' } },
    },
  ] as TranscriptFrame[];
  expect(listingInFlight(frames)).toBeUndefined();
  const modern = frames.map((frame) => ({ ...frame, era: 'modern' as const }));
  expect(listingInFlight(modern)).toMatchObject({ kind: 'cursor-not-followed', seq: 2 });
});

test('each connection is judged by its own principal’s listings', async () => {
  const server = createFakeServer(
    scriptBuilder('two')
      .tools(...tools('page', 3))
      .pageSize(2)
      .auth({
        tokens: [
          { token: 'token-admin', principal: 'admin' },
          { token: 'token-user', principal: 'user' },
        ],
      })
      .build(),
  );
  await list(server, undefined, 'token-admin');
  await list(server, nextCursorOf(server), 'token-admin');
  await list(server, undefined, 'token-user');
  expect(
    listingInFlight(server.transcript.frames, {
      principal: 'admin',
      exposures: [{ atSeq: 0, names: names(3) }],
    }),
  ).toBeUndefined();
  expect(
    listingInFlight(server.transcript.frames, {
      principal: 'user',
      exposures: [{ atSeq: 0, names: names(3) }],
    }),
  ).toMatchObject({
    kind: 'cursor-not-followed',
  });
});

test('a page that repeats an earlier page of its listing (a looping server) does not hold a client that stopped there', async () => {
  const server = createFakeServer(
    scriptBuilder('loop')
      .tools(...tools('page', 3))
      .pagination({ pageSize: 3, cursorStyle: 'freshSamePage' })
      .build(),
  );
  await list(server);
  // Page one alone: its fresh cursor is still owed.
  expect(listingInFlight(server.transcript.frames)).toMatchObject({ kind: 'cursor-not-followed' });
  await list(server, nextCursorOf(server));
  // Page two served page one's tools again: stopping here is right, nothing is in flight.
  expect(listingInFlight(server.transcript.frames)).toBeUndefined();
});
