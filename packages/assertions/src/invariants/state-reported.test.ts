import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { stateReported } from './state-reported.js';

test('state.reported compares the last reported state', () => {
  const h = new History();
  expect(stateReported.check(h.record(), { state: 'authRequired' }).status).toBe('inconclusive');
  h.observations.push({ kind: 'server-state', afterSeq: 0, serverId: 'primary', state: 'ready' });
  expect(stateReported.check(h.record(), { state: 'authRequired' }).status).toBe('fail');
  h.observations.push({
    kind: 'server-state',
    afterSeq: 0,
    serverId: 'primary',
    state: 'authRequired',
    detail: 'auth-expired',
  });
  expect(stateReported.check(h.record(), { state: 'authRequired' }).status).toBe('pass');
});
