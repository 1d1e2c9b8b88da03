import type { Era, ScriptDocument } from '@toolshift/fake-server';
import fc from 'fast-check';
import * as arb from '../arbitraries/index.js';
import type { Trial } from '../replay/trial.js';
import { compareWithModel } from './final-exposure.js';
import type { PropertySuite } from './property-suite.js';

/** Input of {@link ttlFreshness}. */
export interface TtlInput {
  era: Era;
  tools: arb.CatalogTool[];
  ttlMs: number;
  intents: arb.ServerIntent[];
  seed: number;
}

/**
 * Freshness without notifications: the server does not advertise `tools.listChanged` and changes
 * its catalog silently; its listings carry a short `ttlMs`. A client that honours freshness
 * re-fetches once a listing is stale (or polls), so it converges to the catalog; one that trusts a
 * listing until told otherwise stays frozen.
 * @see ../shared/spec/mcp-discovery-spec.md §7
 */
export const ttlFreshness: PropertySuite<TtlInput> = {
  id: 'ttl-freshness',
  title:
    'Without change notifications, a client converges by re-fetching stale listings and never mixes them.',
  input: () =>
    fc.constantFrom<Era>('modern', 'legacy').chain((era) =>
      fc.record({
        era: fc.constant(era),
        tools: arb.catalog({ maxTools: 4 }),
        ttlMs: fc.integer({ min: 1_000, max: 60_000 }),
        intents: arb.serverTimeline({ era, maxEvents: 4, disruptions: false }),
        seed: fc.nat(),
      }),
    ),
  trial(input): Trial {
    const timeline = arb.resolveTimeline(input.tools, input.intents, input.era);
    const script: ScriptDocument = {
      toolshiftScript: 1,
      name: 'ttl-freshness',
      server: { toolsListChanged: false },
      catalog: { tools: input.tools },
      freshness: { ttlMs: input.ttlMs },
      steps: timeline.steps,
    };
    return {
      era: input.era,
      script,
      connections: [{ serverId: 'primary', principal: 'anonymous' }],
      timeline: timeline.events,
      timelineFrom: 'first-exposure',
      settleMs: 901_000,
      seed: input.seed,
    };
  },
  invariants: ['registry.never-mixed', 'registry.no-stale-exposure'],
  model: (input, run) =>
    compareWithModel(
      run.record,
      'primary',
      arb.resolveTimeline(input.tools, input.intents, input.era).finalTools,
    ),
};
