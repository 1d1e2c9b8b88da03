import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { userTold } from './user-told.js';

test('report.user-told finds the fact in a call error, a warning or a state detail', () => {
  const h = new History();
  h.observations.push({
    kind: 'call',
    afterSeq: 0,
    serverId: 'primary',
    toolName: 'share_doc',
    arguments: {},
    outcome: { ok: false, error: 'HTTP 403: insufficient_scope, needs docs:admin' },
  });
  expect(userTold.check(h.record(), { mentions: 'docs:admin' }).status).toBe('pass');
  const silent = new History();
  silent.observations.push({
    kind: 'warning',
    afterSeq: 0,
    serverId: 'primary',
    message: 'something failed',
  });
  expect(userTold.check(silent.record(), { mentions: 'docs:admin' })).toMatchObject({
    status: 'fail',
    nearMiss: expect.stringContaining('something failed'),
  });
});
