import { describe, expect, it } from 'vitest';
import {
  checkRows,
  listed,
  opened,
  play,
  policy,
  READY_LEGACY,
  type Row,
  refresh,
  signal,
  tools,
} from '../../test/support/machine-table.js';
import type { DiscoveryEvent } from './machine-event.js';
import { transition } from './transition.js';

const ROWS: Row[] = [
  {
    name: 'enumerating + signal → one re-list queued (coalesced), counted',
    given: [refresh(), opened(1, 'legacy')],
    when: signal(),
    state: (s) => expect(tools(s)).toMatchObject({ queued: { reason: 'list-changed' }, changeSeq: 1 }),
    effects: [],
  },
  {
    name: 'queued + listed → discarded (never installed), listed again covering the signal',
    given: [refresh(), opened(1, 'legacy'), signal(), signal()],
    when: listed(1),
    state: (s) =>
      expect(tools(s)).toMatchObject({
        verified: false,
        listing: { step: 'enumerating', id: 2, covers: 2 },
        run: { relists: 1 },
        queued: undefined,
      }),
    effects: [{ type: 'cancel-timer' }, { type: 'list', listingId: 2 }],
  },
  {
    name: 'discarded more than maxRelists times → failed catalog-unstable (nothing verified)',
    given: [refresh(), opened(1, 'legacy'), signal(), listed(1), signal(), listed(2), signal()],
    when: listed(3),
    state: (s) =>
      expect(tools(s)).toMatchObject({
        phase: 'failed',
        failure: { reason: 'catalog-unstable' },
        listing: undefined,
      }),
    effects: [
      { type: 'phase', phase: 'failed' },
      { type: 'set-timer', delay: { kind: 'backoff', attempt: 0 } },
    ],
  },
  {
    name: 'discarded too often with a verified snapshot → stale (kept), not withdrawn',
    given: [
      ...READY_LEGACY,
      signal(),
      signal('call-error'),
      listed(2),
      signal(),
      listed(3),
      { at: 1_000, event: signal() },
      { at: 1_000, event: { type: 'timer', timer: 'relist:tools' } },
      { at: 1_000, event: signal() },
    ],
    when: { at: 1_000, event: listed(4) },
    state: (s) => expect(tools(s)).toMatchObject({ phase: 'stale', verified: true }),
    effects: [{ type: 'phase', phase: 'stale' }, { type: 'set-timer' }],
  },
  {
    name: 'ready + signal with a spent re-list budget → rate-limited until a token is back',
    given: [...READY_LEGACY, signal(), listed(2), signal(), listed(3)],
    when: signal(),
    state: (s) => expect(tools(s).listing).toEqual({ step: 'rate-limited', reason: 'list-changed' }),
    effects: [
      { type: 'cancel-timer', timer: 'poll:tools' },
      { type: 'set-timer', timer: 'relist:tools', delay: { kind: 'exact', ms: policy.relistRefillMs } },
    ],
  },
  {
    name: 'rate-limited + relist timer (a token back) → enumerating',
    given: [...READY_LEGACY, signal(), listed(2), signal(), listed(3), signal()],
    when: { at: policy.relistRefillMs, event: { type: 'timer', timer: 'relist:tools' } },
    state: (s) => expect(tools(s).listing).toMatchObject({ step: 'enumerating', id: 4 }),
    effects: [
      { type: 'cancel-timer' },
      { type: 'phase', phase: 'refreshing' },
      { type: 'list', listingId: 4 },
    ],
  },
  {
    name: 'rate-limited + manual refresh → enumerating at once (the host asked)',
    given: [...READY_LEGACY, signal(), listed(2), signal(), listed(3), signal()],
    when: refresh('manual'),
    state: (s) => expect(tools(s).listing).toMatchObject({ step: 'enumerating', reason: 'manual' }),
    effects: [
      { type: 'cancel-timer', timer: 'relist:tools' },
      { type: 'cancel-timer' },
      { type: 'phase' },
      { type: 'list' },
    ],
  },
  {
    name: 'storm: the signal past the threshold within the window warns once',
    given: [...READY_LEGACY, signal(), signal(), signal()],
    when: signal(),
    state: (s) => expect(s.storm).toMatchObject({ count: 4, warned: true }),
    effects: [{ type: 'warn', warning: 'notification-storm' }],
  },
  {
    name: 'storm: more signals in the same storm do not warn again',
    given: [...READY_LEGACY, signal(), signal(), signal(), signal()],
    when: { at: policy.stormWindowMs, event: signal() },
    state: (s) => expect(s.storm.warned).toBe(true),
    effects: [],
  },
];

describe('discovery state machine: change signals, re-lists, rate limits, storms', () => {
  checkRows(ROWS);

  it('costs O(1) listings for a storm: 50,000 signals in 5 s start at most burst + 5 s / refill listings', () => {
    let state = play(READY_LEGACY).state;
    let listings = 0;
    let warnings = 0;
    let nextTimer = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 50_000; i++) {
      const atMs = Math.floor((i * 5_000) / 50_000);
      const events: DiscoveryEvent[] = [{ type: 'signal', lists: ['tools'], reason: 'list-changed', atMs }];
      if (atMs >= nextTimer) events.unshift({ type: 'timer', timer: 'relist:tools', atMs });
      // Each listing completes one tick after it starts.
      const listing = state.lists.tools!.listing;
      if (listing?.step === 'enumerating')
        events.unshift({ ...(listed(listing.id) as DiscoveryEvent), atMs });
      for (const event of events) {
        if (event.type === 'timer') nextTimer = Number.POSITIVE_INFINITY;
        const result = transition(state, event, policy);
        state = result.state;
        for (const effect of result.effects) {
          if (effect.type === 'list') listings++;
          if (effect.type === 'warn' && effect.warning === 'notification-storm') warnings++;
          if (effect.type === 'set-timer' && effect.timer === 'relist:tools') {
            nextTimer = atMs + (effect.delay as { ms: number }).ms;
          }
        }
      }
    }
    expect(listings).toBeLessThanOrEqual(policy.relistBurst + 5_000 / policy.relistRefillMs + 1);
    expect(warnings).toBe(1);
  });
});
