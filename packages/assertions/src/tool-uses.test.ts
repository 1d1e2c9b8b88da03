import { expect, test } from 'vitest';
import { History } from '../test/support/history.js';
import { modelRequest, modelTool } from '../test/support/model-observations.js';
import { INVARIANTS } from './invariants/index.js';
import { listsPerUse, toolUses } from './tool-uses.js';

const SIGNAL_CHECKS = [
  'change.relists-after-signal',
  'change.relist-completes-after-signal',
  'change.relisted-within-bound',
  'change.enumeration-restarted',
];
const check = (id: string, h: History) => INVARIANTS[id]!.check(h.record());

/** A client that lists before each model request and reports no exposure of its own. */
function perUseClient(relistBeforeSecondUse: boolean): History {
  const h = new History();
  h.listing([{ name: 'alpha' }]);
  h.observations.push(modelRequest(h.lastSeq, [modelTool('alpha', 'primary', 'alpha')]));
  h.change();
  if (relistBeforeSecondUse) h.listing([{ name: 'alpha' }, { name: 'beta' }]);
  h.observations.push(modelRequest(h.lastSeq, [modelTool('alpha', 'primary', 'alpha')]));
  return h;
}

test('toolUses and listsPerUse: a client that used tools but reported no exposure lists per use', () => {
  const h = perUseClient(true);
  expect(toolUses(h.record(), 'primary').map((use) => use.what)).toEqual(['model request', 'model request']);
  expect(listsPerUse(h.record(), 'primary')).toBe(true);
  h.expose([{ name: 'alpha' }]);
  expect(listsPerUse(h.record(), 'primary')).toBe(false);
  expect(listsPerUse(new History().record(), 'primary')).toBe(false);
});

test.each(SIGNAL_CHECKS)(
  '%s judges a client listing per use by its uses: fresh before each use passes, a stale use fails',
  (id) => {
    // Before: a client that never re-lists on the signal itself failed however fresh its uses were.
    expect(check(id, perUseClient(true)).status).toBe('pass');
    expect(check(id, perUseClient(false)).status).toBe('fail');
  },
);

test.each(SIGNAL_CHECKS)(
  '%s never fails a notification before the client first listed (a lazy client): no listing is no fault, a later one is evidence',
  (id) => {
    const h = new History();
    h.listen();
    h.change();
    // Before: "no tools/list from page one followed the change notification".
    expect(check(id, h).status).toBe('inconclusive');
    // The lazy client's first listing, after the notification, is a page-one listing after it.
    h.listing([{ name: 'alpha' }]);
    h.expose([{ name: 'alpha' }]);
    expect(check(id, h).status).toBe('pass');
  },
);

test('modern.subscribes-to-tool-changes: listening is opt-in for a client that lists afresh for every use', () => {
  const fresh = perUseClient(true);
  // Before: "never opened subscriptions/listen, so no change notification could reach it".
  expect(check('modern.subscribes-to-tool-changes', fresh)).toMatchObject({
    status: 'pass',
    message: expect.stringContaining('listed afresh before each of its 2 use(s)'),
  });
  expect(check('modern.subscribes-to-tool-changes', perUseClient(false)).status).toBe('fail');
  // A client that keeps a registry and does not listen still fails; one that never listed has nothing to judge.
  const registry = perUseClient(true);
  registry.expose([{ name: 'alpha' }]);
  expect(check('modern.subscribes-to-tool-changes', registry).status).toBe('fail');
  expect(check('modern.subscribes-to-tool-changes', new History()).status).toBe('inconclusive');
});

test('discovery.list-requests: nothing to count without a listing; a lower bound is not judged on a per-use client', () => {
  expect(INVARIANTS['discovery.list-requests']!.check(new History().record(), { atLeast: 2 }).status).toBe(
    'inconclusive',
  );
  expect(
    INVARIANTS['discovery.list-requests']!.check(perUseClient(true).record(), { atLeast: 4 }).status,
  ).toBe('inconclusive');
  expect(
    INVARIANTS['discovery.list-requests']!.check(perUseClient(true).record(), { atMost: 1 }).status,
  ).toBe('fail');
});

test('a use that began before the notification (the change landed while it ran) is not judged against it', () => {
  const h = new History();
  h.listing([{ name: 'alpha' }]);
  h.callObservation('alpha', {}, () => {
    h.call('alpha', {});
    h.change();
  });
  // Before: "after the change notification the client made a call alpha without listing tools again first".
  expect(check('change.relists-after-signal', h).status).toBe('inconclusive');
});
