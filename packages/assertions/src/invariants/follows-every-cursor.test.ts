import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { followsEveryCursor } from './follows-every-cursor.js';

const META = { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } };

test('discovery.follows-every-cursor fails a 2026-07-28 listing that stopped at nextCursor ""', () => {
  const h = new History('modern');
  h.exchange('server/discover', META, { supportedVersions: ['2026-07-28'] });
  h.page([{ name: 'a' }], { nextCursor: '' });
  const verdict = followsEveryCursor.check(h.record());
  expect(verdict.status).toBe('fail');
  expect(verdict.nearMiss).toContain('empty-string nextCursor is a cursor in 2026-07-28');
});

test('discovery.follows-every-cursor does not judge a stop at nextCursor "" in a negotiated 2025-11-25 session', () => {
  const h = new History('legacy');
  h.exchange('initialize', {}, { protocolVersion: '2025-11-25' });
  h.page([{ name: 'a' }], { nextCursor: '' });
  // The cell preferred modern, but the client negotiated legacy on the wire.
  const verdict = followsEveryCursor.check({ ...h.record(), era: 'modern' });
  expect(verdict.status).toBe('inconclusive');
  expect(verdict.message).toContain('2025-11-25 session');
});

test('discovery.follows-every-cursor still fails a legacy listing that stopped at a non-empty cursor', () => {
  const h = new History('legacy');
  h.exchange('initialize', {}, {});
  h.page([{ name: 'a' }], { nextCursor: 'c2' });
  expect(followsEveryCursor.check(h.record()).status).toBe('fail');
});
