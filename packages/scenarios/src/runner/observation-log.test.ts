import { expect, test } from 'vitest';
import { ObservationLog } from './observation-log.js';

test('each observation is stamped against every server’s transcript, calls with their start too', () => {
  const seqs = { a: 3, b: 10 };
  const log = new ObservationLog(() => ({ ...seqs }));
  const startedAt = log.positions();
  seqs.a = 5;
  seqs.b = 12;
  log.add(
    { kind: 'call', serverId: 'a', toolName: 't', arguments: {}, outcome: { ok: true, result: {} } },
    startedAt,
  );
  log.add({ kind: 'note', text: 'later' });
  expect(log.forServer('a')).toEqual([
    expect.objectContaining({ kind: 'call', afterSeq: 5, startedAfterSeq: 3 }),
    { kind: 'note', text: 'later', afterSeq: 5 },
  ]);
  expect(log.forServer('b')[0]).toMatchObject({ afterSeq: 12, startedAfterSeq: 10 });
  expect(log.forServer('unknown')[1]).toMatchObject({ afterSeq: 0 });
});
