import { SEED_000 } from '../authority/authority.js';
import type { Invariant } from '../invariant.js';
import { fail, inconclusive, pass } from '../verdict.js';

/**
 * Every model request the client was asked to build was built: one bad tool, a failed call or a
 * changed catalog never leaves the client unable to talk to the model.
 */
export const modelRequestsBuilt: Invariant = {
  id: 'model.requests-built',
  title:
    'Every model request is built successfully (one bad tool or failed call never blocks the conversation).',
  source: 'cases RM-04 E2, SC-01 E2, SC-03 E1, SC-04 E1',
  authority: {
    level: 'advice',
    basis: `${SEED_000}: one bad tool or failed call never blocks the conversation`,
  },
  // A model request is built for every server at once.
  acrossServers: 'run',
  check(run) {
    const requests = run.observations.filter((o) => o.kind === 'model-request');
    // Staging: the run asked for no model request (a failed one fails below).
    if (requests.length === 0) return inconclusive(this.id, 'The client built no model request.');
    const failed = requests.find((r) => r.kind === 'model-request' && r.error !== undefined);
    if (failed && failed.kind === 'model-request') {
      return fail(
        this.id,
        `Building a model request failed: ${failed.error}`,
        [{ seq: failed.afterSeq, note: 'model request' }],
        'the whole request is lost, not just the problematic tool',
      );
    }
    return pass(this.id, `All ${requests.length} model request(s) were built.`);
  },
};
