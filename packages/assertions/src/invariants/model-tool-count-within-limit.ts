import { noModelRequest } from '../client-left-unjudged.js';
import type { Invariant } from '../invariant.js';
import { paramProblem } from '../param-shape.js';
import type { Observation } from '../run-record.js';
import { fail, pass } from '../verdict.js';

type ModelRequest = Extract<Observation, { kind: 'model-request' }>;
const SHAPE = { fields: { max: 'integer' }, required: ['max'] } as const;

/**
 * No model request offers more tools than the model accepts (`max`, e.g. 128): the client selects
 * or defers tools to stay under the limit, or refuses to build the request with a message, before
 * sending. Params: `max`.
 */
export const modelToolCountWithinLimit: Invariant = {
  id: 'model.tool-count-within-limit',
  title: "No model request offers more tools than the model's limit.",
  source: 'cases LG-02 E1',
  authority: { level: 'advice', basis: "the model provider's tool-count limit" },
  params: SHAPE,
  // The limit is per model request, whatever servers it draws on.
  acrossServers: 'run',
  validateParams: (params) => paramProblem(params, SHAPE),
  check(run, params = {}) {
    const max = params.max as number;
    const requests = run.observations.filter((o): o is ModelRequest => o.kind === 'model-request');
    // No usable model request: the client's doing when building the one asked for failed; staging when none was asked.
    if (requests.length === 0) return noModelRequest(this.id, run);
    const over = requests.find((request) => request.error === undefined && request.tools.length > max);
    if (over) {
      return fail(
        this.id,
        `A model request offers ${over.tools.length} tools; the model accepts at most ${max}.`,
        [{ seq: over.afterSeq, note: `model request with ${over.tools.length} tools` }],
        'the request would be rejected outright; select, defer, or block with a message first',
      );
    }
    return pass(this.id, `Every model request stays within ${max} tools.`);
  },
};
