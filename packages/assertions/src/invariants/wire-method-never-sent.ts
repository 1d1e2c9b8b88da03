import type { Invariant } from '../invariant.js';
import { paramProblem } from '../param-shape.js';
import { connectionFrames } from '../run-record.js';
import { fail, inconclusive, pass } from '../verdict.js';
import { sentMessages } from '../wire-requests.js';

const SHAPE = { fields: { method: 'string', tool: 'string' }, required: ['method'] } as const;

/**
 * The client never sends `method` on this connection (with `tool`: never calls that tool) — e.g. no
 * `tools/call` of a tool the server removed, no `resources/subscribe` a server did not advertise,
 * no `initialize` to a modern-only endpoint after it negotiated. Inconclusive when the client sent
 * nothing at all.
 */
export const wireMethodNeverSent: Invariant = {
  id: 'wire.method-never-sent',
  title: 'The client never sends a method (or calls a tool) the scenario forbids.',
  source: 'issue 10 (request-level checks)',
  authority: {
    level: 'advice',
    basis: "a method the scenario forbids; a scenario whose rule is the spec's cites the clause",
  },
  params: SHAPE,
  validateParams: (params) => paramProblem(params, SHAPE),
  check(run, raw = {}) {
    const params = raw as { method: string; tool?: string };
    const sent = sentMessages(connectionFrames(run, run.serverId));
    // Staging: nothing was sent on this connection (runner.client-connected judges a client that never connected).
    if (sent.length === 0)
      return inconclusive(this.id, `${run.serverId}: the client sent nothing: nothing to judge.`);
    const what = params.tool === undefined ? params.method : `${params.method} of '${params.tool}'`;
    const found = sent.filter(
      (message) =>
        message.method === params.method && (params.tool === undefined || message.tool === params.tool),
    );
    if (found.length === 0)
      return pass(
        this.id,
        `${run.serverId}: the client never sent ${what} (${sent.length} message(s) judged).`,
      );
    return fail(
      this.id,
      `${run.serverId}: the client sent ${what} ${found.length} time(s).`,
      found.slice(0, 8).map((message) => ({ seq: message.frame.seq, note: what })),
    );
  },
};
