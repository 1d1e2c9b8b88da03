import type { Invariant } from '../invariant.js';
import type { Observation } from '../run-record.js';
import { fail, inconclusive, pass } from '../verdict.js';

type ModelRequest = Extract<Observation, { kind: 'model-request' }>;

/**
 * When the model calls a name its request did not offer, the error it gets back is correctable: it
 * names at least one tool the model may call instead (from that request).
 */
export const modelUnknownToolErrorListsTools: Invariant = {
  id: 'model.unknown-tool-error-lists-tools',
  title: 'A call to an unknown tool name comes back with an error that names the valid tools.',
  source: 'cases RM-03 E2',
  authority: {
    level: 'advice',
    basis: 'host guidance: an unknown-tool error that names the valid tools lets the model correct itself',
  },
  // An unknown name belongs to no server: one pass judges every call.
  acrossServers: 'run',
  check(run) {
    const requests = run.observations.filter((o): o is ModelRequest => o.kind === 'model-request');
    let checked = 0;
    for (const call of run.observations) {
      if (call.kind !== 'model-call') continue;
      const shown = requests.filter((r) => r.afterSeq <= (call.startedAfterSeq ?? call.afterSeq)).at(-1);
      if (!shown || shown.tools.some((tool) => tool.name === call.name)) continue;
      checked += 1;
      const text = call.outcome.kind === 'result' ? call.outcome.text : call.outcome.error;
      const valid = shown.tools.map((tool) => tool.name);
      if (!valid.some((name) => text.includes(name))) {
        return fail(
          this.id,
          `The model called the unknown name ${JSON.stringify(call.name)} and got back "${text.slice(0, 160)}", which names none of the ${valid.length} tool(s) it may call.`,
          [{ seq: call.afterSeq, note: 'model call' }],
          'the model cannot correct itself without the list of valid tools',
        );
      }
    }
    // Staging: the model never called a name its request did not offer.
    if (checked === 0)
      return inconclusive(this.id, 'The model never called a name its request did not offer.');
    return pass(this.id, `${checked} call(s) to unknown names came back naming the valid tools.`);
  },
};
