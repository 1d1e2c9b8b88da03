import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { noStaleExposure } from './no-stale-exposure.js';

test('registry.no-stale-exposure fails a merge of an old listing into the new one', () => {
  const h = new History();
  h.listing([{ name: 'a' }, { name: 'b' }]);
  h.expose([{ name: 'a' }, { name: 'b' }]);
  h.change();
  h.listing([{ name: 'b' }]);
  h.expose([{ name: 'a' }, { name: 'b' }]);
  expect(noStaleExposure.check(h.record())).toMatchObject({
    status: 'fail',
    nearMiss: 'merged the new listing into the old registry instead of replacing it',
  });
});

test('the near miss does not call a tool no listing held "merged" (issue 9, point 12)', () => {
  const h = new History();
  h.listing([{ name: 'a' }]);
  h.expose([{ name: 'a' }, { name: 'invented' }]);
  expect(noStaleExposure.check(h.record()).nearMiss).toBe(
    'exposed a tool no listing of this connection ever held',
  );
});

test('registry.no-stale-exposure judges its own connection’s listings when connections share a server', () => {
  const h = new History();
  h.connections = [
    { serverId: 'alice', principal: 'alice' },
    { serverId: 'bob', principal: 'bob' },
  ];
  h.listing([{ name: 'read' }], 1, { principal: 'bob' });
  h.listing([{ name: 'admin' }, { name: 'read' }], 2, { principal: 'alice' });
  h.expose([{ name: 'admin' }, { name: 'read' }], 'bob');
  // Before: alice's listing, the latest complete one on the shared transcript, was bob's truth too.
  expect(noStaleExposure.check({ ...h.record(), serverId: 'bob' })).toMatchObject({
    status: 'fail',
    message: expect.stringContaining("'admin'"),
  });
});
