import type { Invariant } from '../invariant.js';
import { paramProblem } from '../param-shape.js';
import { connectionFrames } from '../run-record.js';
import { listExchanges } from '../tool-listings.js';
import { fail, pass } from '../verdict.js';

const SHAPE = {
  fields: { exactly: 'integer', atMost: 'integer', atLeast: 'integer' },
  oneOf: ['exactly', 'atMost', 'atLeast'],
} as const;

/**
 * The number of `tools/list` requests this connection sent over the run is what the scenario
 * expects: `exactly` N (e.g. two pages, two requests), `atMost` N (a client that loops on a broken
 * cursor sends hundreds), `atLeast` N. Params: `exactly`, `atMost`, `atLeast` (integers).
 */
export const listRequests: Invariant = {
  id: 'discovery.list-requests',
  title:
    'The client sends the number of tools/list requests the catalog calls for: no page skipped, no endless loop.',
  source: 'spec 2026-07-28 §2.5; cases PG-01 E1, PG-02 E1, PG-03 E2, PG-05 E2, LC-07 E2',
  params: SHAPE,
  validateParams: (params) => paramProblem(params, SHAPE),
  check(run, params = {}) {
    const requests = listExchanges(connectionFrames(run, run.serverId));
    const count = requests.length;
    const { exactly, atMost, atLeast } = params as { exactly?: number; atMost?: number; atLeast?: number };
    const wanted = [
      exactly !== undefined ? `exactly ${exactly}` : '',
      atLeast !== undefined ? `at least ${atLeast}` : '',
      atMost !== undefined ? `at most ${atMost}` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    const ok =
      (exactly === undefined || count === exactly) &&
      (atMost === undefined || count <= atMost) &&
      (atLeast === undefined || count >= atLeast);
    const evidence = requests.slice(0, 12).map((exchange) => ({
      seq: exchange.request.seq,
      note: `tools/list cursor ${exchange.cursor === undefined ? '(page one)' : JSON.stringify(exchange.cursor)}`,
    }));
    if (ok)
      return pass(
        this.id,
        `${run.serverId}: ${count} tools/list request(s), as expected (${wanted}).`,
        evidence,
      );
    return fail(
      this.id,
      `${run.serverId}: the client sent ${count} tools/list request(s); expected ${wanted}.`,
      evidence,
      count === 0
        ? 'it never listed'
        : atMost !== undefined && count > atMost
          ? 'it kept requesting pages past the end of the listing'
          : 'it stopped before reading every page (or never re-listed)',
    );
  },
};
