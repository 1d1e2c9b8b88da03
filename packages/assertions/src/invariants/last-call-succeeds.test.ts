import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { lastCallSucceeds } from './last-call-succeeds.js';

test('calls.last-call-succeeds only looks at the final attempt', () => {
  const h = new History();
  h.callObservation('share_doc', {}, () => {}, { ok: false });
  expect(lastCallSucceeds.check(h.record(), { tool: 'share_doc' }).status).toBe('fail');
  h.callObservation('share_doc', {}, () => h.call('share_doc', {}));
  expect(lastCallSucceeds.check(h.record(), { tool: 'share_doc' }).status).toBe('pass');
  expect(lastCallSucceeds.check(h.record(), { tool: 'other' }).status).toBe('inconclusive');
});
