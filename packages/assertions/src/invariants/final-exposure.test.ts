import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { finalExposure } from './final-exposure.js';

test('registry.final-exposure compares the last exposure of the server with the expected names', () => {
  const h = new History();
  h.expose([{ name: 'alpha' }, { name: 'beta' }]);
  h.change('removed alpha');
  h.expose([{ name: 'beta' }, { name: 'gamma' }]);
  expect(finalExposure.check(h.record(), { exactly: ['beta', 'gamma'] }).status).toBe('pass');
  expect(finalExposure.check(h.record(), { includes: ['gamma'], excludes: ['alpha'] }).status).toBe('pass');
  const stale = finalExposure.check(h.record(), { exactly: ['gamma'] });
  expect(stale).toMatchObject({ status: 'fail' });
  expect(stale.message).toContain("exposing 'beta'");
  expect(stale.evidence.some((ref) => ref.note.startsWith('step') || ref.note === 'removed alpha')).toBe(
    true,
  );
  expect(finalExposure.check(h.record(), { includes: ['delta'] }).message).toContain("missing 'delta'");
});

test('registry.final-exposure fails a client that never exposed anything, and rejects bad params', () => {
  expect(finalExposure.check(new History().record(), { includes: ['a'] }).status).toBe('fail');
  expect(finalExposure.validateParams!({})).toContain('one of');
  expect(finalExposure.validateParams!({ exactly: 'a' })).toContain('string[]');
});
