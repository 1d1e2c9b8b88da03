import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { callsSucceed } from './calls-succeed.js';

test('calls.current-tools-callable judges this server’s calls to tools it offered', () => {
  const h = new History();
  h.listing([{ name: 'alpha' }]);
  h.callObservation('alpha', {}, () => h.call('alpha', {}));
  expect(callsSucceed.check(h.record()).status).toBe('pass');
  h.callObservation('alpha', {}, () => {}, { ok: false });
  expect(callsSucceed.check(h.record())).toMatchObject({
    status: 'fail',
    nearMiss: 'the server offers the tool but the client would not (or could not) call it',
  });
});

test('calls.current-tools-callable leaves out calls to other servers and to tools never offered (issue 9, point 13)', () => {
  const h = new History('modern', 'work');
  h.listing([{ name: 'send_email' }]);
  // Another server's call (its own record judges it) and a refused call to a tool never offered.
  h.callObservation('send_email', {}, () => {}, { serverId: 'personal', ok: false });
  h.callObservation('delete_everything', {}, () => {}, { ok: false });
  expect(callsSucceed.check(h.record())).toMatchObject({
    status: 'inconclusive',
    message: expect.stringContaining('none of the 1 call(s) named a tool the server offered'),
  });
});
