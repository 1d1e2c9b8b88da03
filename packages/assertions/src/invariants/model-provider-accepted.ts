import type { Invariant } from '../invariant.js';
import { type FrameRef, fail, inconclusive, pass } from '../verdict.js';

/**
 * Every model request the host sent the fake model provider was accepted: none broke a rule of
 * the provider (tool name pattern and length, tool count, schema subset, duplicate names, tool
 * results answering calls). Judged from the wire: the provider's `model` frames in this server's
 * transcript (the cell's fake model records into its first server's transcript). A refused request
 * fails naming the provider rule, the tool and the provider's own error text.
 */
export const modelProviderAccepted: Invariant = {
  id: 'model.provider-accepted',
  title: 'The model provider accepts every model request the host sends (no provider rule broken).',
  source:
    "the providers' documented request rules (fake model provider, README 'The fake model provider'); cases LG-02 E1, NM-01 E1, SC-01 E2, SC-03 E1, SC-04 E1",
  authority: {
    level: 'advice',
    basis:
      "the model provider's documented request rules (a library that builds the request is charged only with its own documented promise)",
  },
  check(run) {
    const answers = run.transcript.filter(
      (frame) => frame.kind === 'model' && frame.direction === 'out' && frame.model?.api !== 'models',
    );
    // Staging: no model request reached the fake provider (a host that builds requests the runner
    // forwards records them; one asked for none sends none). A failed build is model.requests-built's.
    if (answers.length === 0)
      return inconclusive(
        this.id,
        `No model request reached the fake model provider through ${run.serverId}'s transcript (the client does not talk to it, or it records elsewhere).`,
      );
    const refused = answers.find((frame) => (frame.model?.violations?.length ?? 0) > 0);
    if (refused) {
      const violations = refused.model?.violations ?? [];
      const request = run.transcript.find(
        (frame) =>
          frame.kind === 'model' &&
          frame.direction === 'in' &&
          frame.model?.exchange === refused.model?.exchange,
      );
      const evidence: FrameRef[] = [
        ...(request
          ? [{ seq: request.seq, note: `model request ${refused.model?.exchange} (${refused.model?.api})` }]
          : []),
        { seq: refused.seq, note: `provider answered ${refused.httpStatus ?? 400}` },
      ];
      const described = violations.map(
        (violation) =>
          `${violation.rule}${violation.tool !== undefined ? ` (tool '${violation.tool}'${violation.toolIndex !== undefined ? ` at ${violation.toolIndex}` : ''})` : ''}: ${violation.message}`,
      );
      return fail(
        this.id,
        `The model provider refused model request ${refused.model?.exchange} (${refused.model?.api}, HTTP ${refused.httpStatus ?? 400}): ${described.join('; ')}`,
        evidence,
        'the provider rejects the whole request, so the user gets no answer at all; adapt or withhold the tool first',
      );
    }
    return pass(
      this.id,
      `The model provider accepted all ${answers.length} model request(s) the host sent.`,
      answers.slice(-1).map((frame) => ({ seq: frame.seq, note: 'last model answer' })),
    );
  },
};
