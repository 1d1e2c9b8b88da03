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

test('the near miss never says "all attempts failed" when an earlier attempt succeeded (issue 9, point 12)', () => {
  const h = new History();
  h.callObservation('alpha', {}, () => h.call('alpha', {}));
  h.callObservation('alpha', {}, () => {}, { ok: false });
  const verdict = lastCallSucceeds.check(h.record(), { tool: 'alpha' });
  expect(verdict.status).toBe('fail');
  expect(verdict.nearMiss).not.toContain('all 2 attempts failed');
  expect(verdict.nearMiss).toBe(
    '1 of 2 attempts succeeded (the last success was attempt 1), but the final one failed',
  );
  const both = new History();
  both.callObservation('alpha', {}, () => {}, { ok: false });
  both.callObservation('alpha', {}, () => {}, { ok: false });
  expect(lastCallSucceeds.check(both.record(), { tool: 'alpha' }).nearMiss).toBe('all 2 attempts failed');
});
