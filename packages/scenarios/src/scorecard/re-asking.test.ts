import type { TranscriptFrame } from '@toolshift/fake-server';
import { describe, expect, test } from 'vitest';
import { passedByReasking, reaskingEvidence, relistedAfterChanges } from './re-asking.js';

let seq = 0;
const frame = (partial: Partial<TranscriptFrame>): TranscriptFrame =>
  ({
    seq: ++seq,
    tick: 0,
    era: 'legacy',
    transport: 'http',
    streamId: 'post-1',
    catalogRevision: 1,
    direction: 'in',
    kind: 'message',
    ...partial,
  }) as TranscriptFrame;
const request = (method: string, params?: unknown) =>
  frame({
    direction: 'in',
    message: { jsonrpc: '2.0', id: seq, method, ...(params ? { params } : {}) } as never,
  });
const list = (cursor?: string) => request('tools/list', cursor === undefined ? undefined : { cursor });
const step = () => frame({ direction: 'server', kind: 'step', streamId: 'world', step: 'add-beta' });
const signal = () =>
  frame({
    direction: 'out',
    streamId: 'get-1',
    message: { jsonrpc: '2.0', method: 'notifications/tools/list_changed' } as never,
  });
const getStream = () => [
  frame({ direction: 'in', kind: 'http', httpMethod: 'GET' }),
  frame({ direction: 'out', kind: 'stream-open', streamId: 'get-1' }),
];
const cell = (frames: TranscriptFrame[], transport = 'http') =>
  ({ transport, servers: [{ serverId: 'primary', transcript: frames }] }) as Parameters<
    typeof passedByReasking
  >[0];

describe('pass by re-asking, decided from the wire', () => {
  test('a host that lists again before every request, with no change channel, after a change, re-asked', () => {
    const frames = [
      request('initialize'),
      list(),
      request('tools/call'),
      list(),
      step(),
      list(),
      request('tools/call'),
    ];
    expect(reaskingEvidence(frames).unpromptedRelists).toHaveLength(1);
    expect(passedByReasking(cell(frames))).toBe(true);
  });

  test('a host that listens for list_changed and re-lists when told did not re-ask, even if it also re-lists', () => {
    const frames = [request('initialize'), list(), ...getStream(), list(), step(), signal(), list()];
    expect(reaskingEvidence(frames).changeChannels.length).toBeGreaterThan(0);
    expect(passedByReasking(cell(frames))).toBe(false);
  });

  test('a cell where nothing changed cannot tell, so it is a plain pass', () => {
    const frames = [request('initialize'), list(), request('tools/call'), list()];
    expect(passedByReasking(cell(frames))).toBe(false);
  });

  test('the continuation pages of one listing and the first listing of a new session are not re-asks', () => {
    const frames = [
      request('initialize'),
      list(),
      list('c2'),
      step(),
      request('initialize'),
      list(),
      list('c2'),
    ];
    expect(reaskingEvidence(frames).unpromptedRelists).toEqual([]);
    expect(passedByReasking(cell(frames))).toBe(false);
  });

  test('over stdio the signal travels on the connection itself: only unprompted re-lists count', () => {
    const reacts = [request('initialize'), list(), step(), signal(), list()];
    const reasks = [request('initialize'), list(), request('tools/call'), list(), step(), signal(), list()];
    expect(passedByReasking(cell(reacts, 'stdio'))).toBe(false);
    expect(passedByReasking(cell(reasks, 'stdio'))).toBe(true);
  });
});

describe('whether the client listed successfully after the catalog changes it had to follow', () => {
  const answered = (catalogRevision: number) =>
    frame({
      direction: 'out',
      catalogRevision,
      message: { jsonrpc: '2.0', id: 1, result: { tools: [] } } as never,
    });
  const failed = (catalogRevision: number) =>
    frame({
      direction: 'out',
      catalogRevision,
      httpStatus: 404,
      message: { jsonrpc: '2.0', id: 1, error: {} } as never,
    });
  const change = (catalogRevision: number) =>
    frame({ direction: 'server', kind: 'step', streamId: 'world', step: 'change', catalogRevision });
  const servers = (frames: TranscriptFrame[]) => ({ servers: [{ serverId: 'primary', transcript: frames }] });

  test('a listing answered after the last change: yes; nothing changed: yes', () => {
    expect(relistedAfterChanges(servers([list(), answered(1), change(2), list(), answered(2)]))).toBe(true);
    expect(relistedAfterChanges(servers([list(), answered(1), list(), answered(1)]))).toBe(true);
    // A step that changes nothing (an announcement at the same revision) is not a change to follow.
    expect(relistedAfterChanges(servers([list(), answered(1), change(1)]))).toBe(true);
  });

  test('listings after the change that failed, or none at all: no', () => {
    expect(relistedAfterChanges(servers([list(), answered(1), change(2), list(), failed(2)]))).toBe(false);
    // A cache answered: the host used the tools after the change without listing.
    expect(relistedAfterChanges(servers([list(), answered(1), change(2), request('tools/call')]))).toBe(
      false,
    );
    expect(relistedAfterChanges(servers([list(), answered(1), change(2), frame({ kind: 'model' })]))).toBe(
      false,
    );
    // Listed after a first change but not after the second, then used the tools.
    expect(
      relistedAfterChanges(
        servers([list(), answered(1), change(2), list(), answered(2), change(3), request('tools/call')]),
      ),
    ).toBe(false);
  });

  test('a change the client never acted after asks nothing of it', () => {
    expect(relistedAfterChanges(servers([list(), answered(1), request('tools/call'), change(2)]))).toBe(true);
  });
});
