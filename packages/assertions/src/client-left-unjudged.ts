import { connectionFrames, type Observation, type RunRecord } from './run-record.js';
import { listExchanges } from './tool-listings.js';
import { listsPerUse, toolUses } from './tool-uses.js';
import { fail, inconclusive, type Verdict } from './verdict.js';

type ModelRequest = Extract<Observation, { kind: 'model-request' }>;

/**
 * The verdict of a check that needs this server's tools listed, for a client that never sent
 * `tools/list` on the connection: the client's doing (`cause: 'client'`) when the run used the
 * tools (a host call, a model request or call) — it cannot have known them; staging when nothing
 * used them (a client may rightly list on first use). `what` names what the check lacked.
 */
export function neverListed(invariantId: string, run: RunRecord, what: string): Verdict {
  const uses = toolUses(run, run.serverId);
  if (uses.length > 0)
    return inconclusive(
      invariantId,
      `${run.serverId}: the client never sent tools/list, yet the run used its tools (${uses[0]!.what}): ${what}.`,
      [{ seq: uses[0]!.seq, note: `${uses[0]!.what}, with no listing before it` }],
      { cause: 'client' },
    );
  return inconclusive(
    invariantId,
    `${run.serverId}: the client never sent tools/list and the run used no tool (a client may list on first use): ${what}.`,
  );
}

/**
 * The verdict of a registry check when the client reported no exposure at all:
 * - `fail` when it reported it could not build this server's tool set (a `tool-set-error`
 *   observation): that error is the evidence (a tool set that failed to build is a failure);
 * - the client's doing (`cause: 'client'`) when it never listed though the run used the tools;
 * - staging otherwise: it lists per use (`listsPerUse`), or keeps no standing registry (a correct
 *   host may build its tool set only for each use), or shows the harness none.
 */
export function noExposure(invariantId: string, run: RunRecord): Verdict {
  const error = run.observations.find(
    (o): o is Extract<Observation, { kind: 'tool-set-error' }> =>
      o.kind === 'tool-set-error' && o.serverId === run.serverId,
  );
  if (error)
    return fail(
      invariantId,
      `${run.serverId}: the client failed to build its tool set, so it exposes nothing: ${error.error}`,
      [{ seq: error.afterSeq, note: `tool set failed: ${error.error}` }],
      'it connected and the server answered, but its own tool set never came to be',
    );
  if (listsPerUse(run, run.serverId))
    return inconclusive(
      invariantId,
      `${run.serverId}: the client lists per use and reports no standing tool set: nothing to compare.`,
    );
  const frames = connectionFrames(run, run.serverId);
  const exchanges = listExchanges(frames);
  if (exchanges.length === 0) return neverListed(invariantId, run, 'it reported no exposure either');
  return inconclusive(
    invariantId,
    `${run.serverId}: the client reported no tool set (a host keeping no standing registry, or one that shows the harness none): nothing to compare.`,
  );
}

/**
 * The verdict of a model check when the client built no usable model request: the client's doing
 * (`cause: 'client'`) when the run asked for one and building it failed (the error is the
 * evidence; `model.requests-built` fails on it too); staging when the run asked for none.
 */
export function noModelRequest(invariantId: string, run: RunRecord): Verdict {
  const failed = run.observations.find(
    (o): o is ModelRequest => o.kind === 'model-request' && o.error !== undefined,
  );
  if (failed)
    return inconclusive(
      invariantId,
      `The client could not build the model request it was asked for: ${failed.error}`,
      [{ seq: failed.afterSeq, note: `model request failed: ${failed.error}` }],
      { cause: 'client' },
    );
  return inconclusive(invariantId, 'The client built no model request (the run asked for none).');
}
