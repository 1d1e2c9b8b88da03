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

test('registry.final-exposure has nothing to judge when the client reported no exposure, and rejects bad params', () => {
  // No exposure reported at all (a client listing per use, or one never used) is not an empty exposure.
  expect(finalExposure.check(new History().record(), { includes: ['a'] })).toMatchObject({
    status: 'inconclusive',
    message: expect.stringContaining('reported no exposure'),
  });
  const empty = new History();
  empty.expose([]);
  expect(finalExposure.check(empty.record(), { includes: ['a'] }).status).toBe('fail');
  // Before, `excludes` alone passed a client that had exposed nothing ("the expected 0 tool(s)").
  expect(finalExposure.check(new History().record(), { excludes: ['a'] }).status).toBe('inconclusive');
  expect(finalExposure.validateParams!({})).toContain('one of');
  expect(finalExposure.validateParams!({ exactly: 'a' })).toContain('string[]');
});

test('registry.final-exposure judges each server by the names it offered when no server narrows it', () => {
  const work = new History('modern', 'work');
  work.listing([{ name: 'send_email' }]);
  work.expose([{ name: 'send_email' }, { name: 'archive' }], 'work');
  const record = work.record();
  const servers = {
    work: { transcript: record.transcript, finalCatalog: { catalogRevision: 1, tools: [] } },
    personal: {
      transcript: [],
      finalCatalog: { catalogRevision: 1, tools: [{ name: 'archive', inputSchema: {} }] },
    },
  };
  // 'archive' is personal's; on work the expectation reads `exactly: ['send_email']`.
  expect(finalExposure.check({ ...record, servers }, { exactly: ['send_email', 'archive'] }).status).toBe(
    'fail',
  );
  expect(finalExposure.check({ ...record, servers }, { includes: ['archive'] }).status).toBe('inconclusive');
});
