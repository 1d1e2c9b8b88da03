import type { Era, ScriptDocument } from '@toolshift/fake-server';
import fc from 'fast-check';
import * as arb from '../arbitraries/index.js';
import type { Trial } from '../replay/trial.js';
import { compareWithModel } from './final-exposure.js';
import type { PropertySuite } from './property-suite.js';

/** Input of {@link hostileSchemas}. */
export interface HostileSchemasInput {
  era: Era;
  tools: arb.CatalogTool[];
  pageSize: number | undefined;
  intents: arb.ServerIntent[];
  seed: number;
}

/**
 * One bad tool never hides the others: catalogs mix valid tools with hostile schemas (unresolvable
 * or network `$ref`, `required` naming no property, arrays without `items`, wrong root type,
 * recursive `$ref`, unknown dialect, deep nesting). The client may repair or withhold a hostile
 * tool, but exposes every valid one with its schema, through changes, and never a mix.
 * @see ../shared/cases/discovery-cases.md SC-01, SC-03, SC-04
 */
export const hostileSchemas: PropertySuite<HostileSchemasInput> = {
  id: 'hostile-schemas',
  title: 'Hostile schemas may be withheld, but every valid tool stays exposed with its current schema.',
  input: () =>
    fc.constantFrom<Era>('modern', 'legacy').chain((era) =>
      fc.record({
        era: fc.constant(era),
        tools: arb.catalog({ minTools: 1, maxTools: 6, hostileRate: 0.4 }),
        pageSize: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
        intents: arb.serverTimeline({ era, maxEvents: 3, disruptions: false }),
        seed: fc.nat(),
      }),
    ),
  trial(input): Trial {
    const timeline = arb.resolveTimeline(input.tools, input.intents, input.era);
    const script: ScriptDocument = {
      toolshiftScript: 1,
      name: 'hostile-schemas',
      catalog: { tools: input.tools.map(({ hostile: _hostile, ...tool }) => tool) },
      ...(input.pageSize !== undefined ? { pagination: { pageSize: input.pageSize } } : {}),
      steps: timeline.steps,
    };
    return {
      era: input.era,
      script,
      connections: [{ serverId: 'primary', principal: 'anonymous' }],
      timeline: timeline.events,
      timelineFrom: 'first-exposure',
      // A notification sent before the client's stream opened is lost for good; a poll catches it.
      settleMs: 901_000,
      seed: input.seed,
    };
  },
  invariants: ['discovery.follows-every-cursor', 'registry.never-mixed'],
  model: (input, run) =>
    compareWithModel(
      run.record,
      'primary',
      arb.resolveTimeline(input.tools, input.intents, input.era).finalTools,
    ),
};
