import { SEED_000 } from '../authority/authority.js';
import { noModelRequest } from '../client-left-unjudged.js';
import type { Invariant } from '../invariant.js';
import type { Observation } from '../run-record.js';
import { fail, inconclusive, pass } from '../verdict.js';

type ModelRequest = Extract<Observation, { kind: 'model-request' }>;

/**
 * The client knows what its tool definitions cost: the latest model request carries a token
 * estimate, broken down by server, with an entry for every server that has a tool in it.
 */
export const modelCostReported: Invariant = {
  id: 'model.cost-reported',
  title: 'The client measures the token cost of the tool definitions it sends, per server.',
  source: 'seed 000 (track tool-schema cost as part of context budgeting); cases LG-01 E1, LG-01 E3',
  authority: {
    level: 'advice',
    basis: `${SEED_000}: track the token cost of tool definitions (host feature)`,
  },
  // Model requests span every server: one pass judges them all.
  acrossServers: 'run',
  check(run) {
    const request = run.observations
      .filter((o): o is ModelRequest => o.kind === 'model-request' && o.error === undefined)
      .at(-1);
    // No usable model request: the client's doing when building the one asked for failed; staging when none was asked.
    if (!request) return noModelRequest(this.id, run);
    const evidence = [{ seq: request.afterSeq, note: 'latest model request' }];
    // Staging: a request offering no tools has no definitions to cost (model.request-offers judges what it lacks).
    if (request.tools.length === 0)
      return inconclusive(this.id, 'The latest model request offers no tools: no definitions to cost.');
    if (request.estimatedTokens === undefined || request.perServerTokens === undefined)
      return fail(
        this.id,
        'The model request carries no token estimate for its tool definitions.',
        evidence,
        'the user cannot see what the tools cost',
      );
    const servers = [...new Set(request.tools.map((tool) => tool.serverId))];
    const unmeasured = servers.filter((serverId) => !(request.perServerTokens![serverId]! > 0));
    if (unmeasured.length > 0)
      return fail(
        this.id,
        `The per-server cost misses ${unmeasured.join(', ')}.`,
        evidence,
        'which server costs what stays hidden',
      );
    const breakdown = servers
      .map((serverId) => `${serverId} ${request.perServerTokens![serverId]}`)
      .join(', ');
    return pass(
      this.id,
      `The tool definitions cost about ${request.estimatedTokens} tokens (${breakdown}).`,
      evidence,
    );
  },
};
