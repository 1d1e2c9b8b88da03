import type { Era, ScriptDocument } from '@toolshift/fake-server';
import fc from 'fast-check';
import * as arb from '../arbitraries/index.js';
import type { Trial } from '../replay/trial.js';
import { compareWithModel } from './final-exposure.js';
import type { PropertySuite } from './property-suite.js';

/** Input of the pagination properties. */
export interface PaginationInput {
  era: Era;
  tools: arb.CatalogTool[];
  pageSize: number;
  intents: arb.ServerIntent[];
  seed: number;
}

function paginationTrial(name: string, input: PaginationInput, pagination: Record<string, unknown>): Trial {
  const timeline = arb.resolveTimeline(input.tools, input.intents, input.era);
  const script: ScriptDocument = {
    toolshiftScript: 1,
    name,
    catalog: { tools: input.tools },
    pagination: { pageSize: input.pageSize, ...pagination },
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
}

const input = (eras: Era[], minTools: number) =>
  fc.constantFrom(...eras).chain((era) =>
    fc.record({
      era: fc.constant(era),
      tools: arb.catalog({ minTools, maxTools: 6 }),
      pageSize: fc.integer({ min: 1, max: 3 }),
      intents: arb.serverTimeline({ era, maxEvents: 3, disruptions: false }),
      seed: fc.nat(),
    }),
  );

/**
 * An empty-string cursor is a cursor (2026-07-28): the server's cursor to page two is `""`, and the
 * client must request it, list every page, and converge to the catalog as it changes.
 * @see ../shared/spec/mcp-discovery-spec.md §2.5
 */
export const emptyStringCursor: PropertySuite<PaginationInput> = {
  id: 'empty-string-cursor',
  title: 'With "" as the cursor to page two, the client still reads every page and converges to the catalog.',
  input: () => input(['modern'], 2),
  trial: (value) => paginationTrial('empty-string-cursor', value, { cursorStyle: 'emptyString' }),
  invariants: ['discovery.follows-every-cursor', 'registry.never-mixed'],
  model: (value, run) =>
    compareWithModel(
      run.record,
      'primary',
      arb.resolveTimeline(value.tools, value.intents, value.era).finalTools,
    ),
};

/**
 * A stuck paginator (every page repeats the same `nextCursor`, which serves page one again) ends
 * the client's listing: it never requests a cursor twice and goes quiet (a client without a
 * repeated-cursor guard exhausts the trial's delivery budget).
 * @see ../shared/cases/discovery-cases.md PG-05
 */
export const stuckPaginator: PropertySuite<PaginationInput> = {
  id: 'stuck-paginator',
  title: 'A paginator that repeats its cursor forever never makes the client request a cursor twice or spin.',
  input: () => input(['modern', 'legacy'], 1),
  trial: (value) => paginationTrial('stuck-paginator', value, { cursorStyle: 'nonAdvancing' }),
  invariants: ['discovery.stops-on-repeated-cursor'],
  maxTasks: 600,
};
