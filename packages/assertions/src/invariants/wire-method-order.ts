import type { Invariant } from '../invariant.js';
import { paramProblem } from '../param-shape.js';
import { connectionFrames } from '../run-record.js';
import { fail, inconclusive, pass } from '../verdict.js';
import { sentMessages } from '../wire-requests.js';

const SHAPE = {
  fields: { earlier: 'string', later: 'string', afterStep: 'string' },
  required: ['earlier', 'later'],
} as const;

/**
 * Order of methods: every `later` message the client sends comes after an `earlier` message (e.g.
 * `resources/read` only after `resources/list`, `tools/list` only after `initialize`); with
 * `afterStep`, only `later` messages after that step ran count, and they need an `earlier` one after
 * it too (e.g. re-list resources after the server announced a change before reading). Inconclusive
 * when the client sent no `later` message (nothing to judge).
 */
export const wireMethodOrder: Invariant = {
  id: 'wire.method-order',
  title: 'The client sends one method only after another.',
  source: 'issue 10 (request-level checks); spec 2025-11-25 §1.5 (lifecycle)',
  authority: {
    level: 'advice',
    basis: "an order the scenario asks for; a scenario whose order is the spec's cites the clause",
  },
  params: SHAPE,
  validateParams: (params) => paramProblem(params, SHAPE),
  check(run, raw = {}) {
    const params = raw as { earlier: string; later: string; afterStep?: string };
    const frames = connectionFrames(run, run.serverId);
    const from =
      params.afterStep === undefined
        ? 0
        : frames.find((frame) => frame.kind === 'step' && frame.step === params.afterStep)?.seq;
    // Staging: the step the order is measured from never ran.
    if (from === undefined)
      return inconclusive(
        this.id,
        `${run.serverId}: step '${params.afterStep}' never ran: nothing to judge.`,
      );
    const sent = sentMessages(frames).filter((message) => message.frame.seq > from);
    const laters = sent.filter((message) => message.method === params.later);
    // Staging: the later method was never sent (a check that it must be is another check's).
    if (laters.length === 0)
      return inconclusive(
        this.id,
        `${run.serverId}: the client sent no ${params.later}${params.afterStep ? ` after step '${params.afterStep}'` : ''}: nothing to judge.`,
      );
    const firstSeq = sent.find((message) => message.method === params.earlier)?.frame.seq;
    const early = laters.filter((message) => firstSeq === undefined || message.frame.seq < firstSeq);
    if (early.length === 0)
      return pass(
        this.id,
        `${run.serverId}: every ${params.later} came after ${params.earlier} (#${firstSeq}).`,
        [{ seq: firstSeq as number, note: params.earlier }],
      );
    return fail(
      this.id,
      `${run.serverId}: ${early.length} ${params.later} message(s) came before any ${params.earlier}${params.afterStep ? ` after step '${params.afterStep}'` : ''}.`,
      early
        .slice(0, 8)
        .map((message) => ({ seq: message.frame.seq, note: `${params.later} before ${params.earlier}` })),
      firstSeq === undefined ? `it never sent ${params.earlier}` : `${params.earlier} came at #${firstSeq}`,
    );
  },
};
