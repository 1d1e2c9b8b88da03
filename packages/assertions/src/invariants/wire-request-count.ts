import type { Invariant } from '../invariant.js';
import { paramProblem } from '../param-shape.js';
import { connectionFrames } from '../run-record.js';
import { fail, inconclusive, pass } from '../verdict.js';
import { sentMessages } from '../wire-requests.js';

const SHAPE = {
  fields: { method: 'string', tool: 'string', exactly: 'integer', atLeast: 'integer', atMost: 'integer' },
  required: ['method'],
  oneOf: ['exactly', 'atLeast', 'atMost'],
} as const;

/**
 * How many times this connection's client sent `method` (a request or notification; with `tool`,
 * `tools/call`s of that tool): `exactly`, `atLeast` and/or `atMost` N — e.g. one `initialize` per
 * session, no `server/discover` storm, one `tools/call` per user action. Inconclusive only when the
 * client sent nothing at all on this connection.
 */
export const wireRequestCount: Invariant = {
  id: 'wire.request-count',
  title: 'The client sends a method (a tool’s calls) as many times as the scenario allows.',
  source: 'issue 10 (request-level checks); cases LC-07 E2, PG-05 E2',
  authority: {
    level: 'advice',
    basis: 'a request count the scenario asks for; a scenario whose count rests on a clause cites it',
  },
  params: SHAPE,
  validateParams: (params) => paramProblem(params, SHAPE),
  check(run, raw = {}) {
    const params = raw as {
      method: string;
      tool?: string;
      exactly?: number;
      atLeast?: number;
      atMost?: number;
    };
    const sent = sentMessages(connectionFrames(run, run.serverId));
    // Staging: nothing was sent on this connection (runner.client-connected judges a client that never connected).
    if (sent.length === 0)
      return inconclusive(this.id, `${run.serverId}: the client sent nothing: nothing to count.`);
    const what = params.tool === undefined ? params.method : `${params.method} of '${params.tool}'`;
    const matching = sent.filter(
      (message) =>
        message.method === params.method && (params.tool === undefined || message.tool === params.tool),
    );
    const count = matching.length;
    const wanted = [
      params.exactly !== undefined ? `exactly ${params.exactly}` : '',
      params.atLeast !== undefined ? `at least ${params.atLeast}` : '',
      params.atMost !== undefined ? `at most ${params.atMost}` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    const ok =
      (params.exactly === undefined || count === params.exactly) &&
      (params.atLeast === undefined || count >= params.atLeast) &&
      (params.atMost === undefined || count <= params.atMost);
    const evidence = matching.slice(0, 12).map((message) => ({ seq: message.frame.seq, note: what }));
    if (ok) return pass(this.id, `${run.serverId}: ${count} × ${what}, as allowed (${wanted}).`, evidence);
    return fail(
      this.id,
      `${run.serverId}: the client sent ${what} ${count} time(s); expected ${wanted}.`,
      evidence,
    );
  },
};
