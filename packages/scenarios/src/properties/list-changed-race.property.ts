import { relistedWithinBound } from '@toolshift/assertions';
import type { Era, ScriptDocument } from '@toolshift/fake-server';
import fc from 'fast-check';
import * as arb from '../arbitraries/index.js';
import type { Trial } from '../replay/trial.js';
import { compareWithModel } from './final-exposure.js';
import type { PropertySuite } from './property-suite.js';

/** Input of {@link listChangedRace}. */
export interface ListChangedRaceInput {
  era: Era;
  tools: arb.CatalogTool[];
  pageSize: number | undefined;
  intents: arb.ServerIntent[];
  /** The timeline races the client's initial discovery (LC-04) instead of starting after it. */
  startupRace: boolean;
  seed: number;
}

/**
 * Race handling: whatever order catalog changes, their notifications, page responses, stream
 * drops, session losses and time passing land in, the client never exposes a partial or mixed
 * listing or a removed tool, re-lists from page one after each signal (within the time the
 * timeline let pass), listens again after losing its stream, and eventually (within a polling
 * backstop) exposes exactly the latest catalog (the model).
 */
export const listChangedRace: PropertySuite<ListChangedRaceInput> = {
  id: 'list-changed-race',
  title:
    'Under any interleaving of changes, notifications, pages, drops and time, the registry stays a single listing and converges to the latest catalog.',
  input: () =>
    fc.constantFrom<Era>('modern', 'legacy').chain((era) =>
      fc.record({
        era: fc.constant(era),
        tools: arb.catalog({ minTools: 0, maxTools: 5 }),
        pageSize: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
        intents: arb.serverTimeline({ era, maxEvents: 6 }),
        startupRace: fc.boolean(),
        seed: fc.nat(),
      }),
    ),
  trial(input): Trial {
    const timeline = arb.resolveTimeline(input.tools, input.intents, input.era);
    const script: ScriptDocument = {
      toolshiftScript: 1,
      name: 'list-changed-race',
      catalog: { tools: input.tools.map(({ hostile: _h, ...tool }) => tool) },
      ...(input.pageSize !== undefined ? { pagination: { pageSize: input.pageSize } } : {}),
      steps: timeline.steps,
    };
    return {
      era: input.era,
      script,
      connections: [{ serverId: 'primary', principal: 'anonymous' }],
      timeline: timeline.events,
      timelineFrom: input.startupRace ? 'start' : 'first-exposure',
      // Long enough for a polling backstop (15 min): a notification lost while a legacy GET stream
      // was down (no replay exists, digest §11.4) may only be caught by polling.
      settleMs: 901_000,
      seed: input.seed,
    };
  },
  invariants: [
    'registry.never-mixed',
    'registry.no-stale-exposure',
    // The timeline lets at most 6 × 5 s pass; a re-list later than that waited for a poll.
    relistedWithinBound({ withinMs: 30_000 }),
    'change.enumeration-restarted',
    'reconnect.resubscribed-and-relisted',
    'discovery.follows-every-cursor',
    'era.no-modern-flow-in-legacy-session',
    'modern.subscribes-to-tool-changes',
  ],
  model(input, run) {
    return compareWithModel(
      run.record,
      'primary',
      arb.resolveTimeline(input.tools, input.intents, input.era).finalTools,
    );
  },
};
