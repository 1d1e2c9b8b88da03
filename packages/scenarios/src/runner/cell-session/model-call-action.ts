import { inconclusive, type ModelCallOutcome } from '@toolshift/assertions';
import type { ModelRequest } from '../../adapters/client-adapter.js';
import type { ClientAction } from '../../client-action.js';
import type { AgentTurnDriver } from '../agent-turn-driver.js';
import { bounded } from '../bounded.js';
import type { ModelRequests } from './model-requests.js';
import type { SessionScope } from './session-scope.js';

type ModelCallAction = Extract<ClientAction, { do: 'model-call' }>;

/**
 * The `model-call` action: the model calls a tool, picked by name or by a description it finds in
 * the host's model request (the last one, or one asked for now), through the host; the result (or
 * the crash) is a `model-call` observation. A host that runs agent turns is driven on the wire
 * instead (see `wireModelCall`). Not finding the tool is staging (`runner.model-found-tool`
 * inconclusive; the model checks judge whether its absence is a fault).
 */
export async function performModelCall(
  scope: SessionScope,
  requests: ModelRequests,
  action: ModelCallAction,
): Promise<undefined> {
  if (requests.agentTurns) return wireModelCall(scope, requests, requests.agentTurns, action);
  let name: string;
  let chosen: ModelRequest['tools'][number] | undefined;
  if ('name' in action.pick) name = action.pick.name;
  else {
    const wanted = action.pick.description;
    const request =
      action.pick.from === 'last-request' && requests.last
        ? requests.last
        : await requests.request(action.provider);
    if (!request) {
      // The client's doing (its request failed to build). Runner checks are never essential:
      // the model checks carry it (noModelRequest), and model.requests-built fails on it.
      scope.verdicts.push({
        ...inconclusive(
          'runner.model-request-built',
          `The client could not build the model request (${requests.lastError ?? 'no request'}), so the model could not pick a tool described as "${wanted}"; the checks of its calls have nothing to judge.`,
          [],
          { cause: 'client' },
        ),
        checkId: 'runner.model-request-built',
      });
      return undefined;
    }
    const found = request.tools.find((tool) => tool.description?.includes(wanted));
    if (!found) {
      // Staging, not a verdict: whether the tool's absence is a fault (dropped silently) or
      // right (withheld with a reason) is the model.* checks' call.
      scope.verdicts.inconclusive(
        'runner.model-found-tool',
        `The model could not find a tool described as "${wanted}" in the request the client built (${request.tools.length} ${request.tools.length === 1 ? 'tool' : 'tools'}: ${request.tools.map((tool) => tool.name).join(', ') || 'none'}; ${request.withheld.length} withheld), so it did not call one.`,
      );
      return undefined;
    }
    name = found.name;
    chosen = found;
  }
  const args = action.arguments ?? {};
  const startedAt = scope.log.positions();
  let outcome: ModelCallOutcome;
  let routedTo: { serverId: string; toolName: string } | undefined;
  try {
    const result = await bounded(
      scope.adapter.modelCall!(
        name,
        args,
        action.provider !== undefined ? { provider: action.provider } : {},
      ),
      scope.timeouts.actionTimeoutMs,
      `model call ${name}`,
    );
    outcome = { kind: 'result', isError: result.isError, text: result.text };
    routedTo = result.routedTo;
  } catch (error) {
    outcome = { kind: 'crashed', error: (error as Error).message };
  }
  scope.log.add(
    {
      kind: 'model-call',
      name,
      arguments: args,
      outcome,
      ...(routedTo ? { routedTo } : {}),
      ...(chosen ? { chosen } : {}),
    },
    startedAt,
  );
  return undefined;
}

/** `model-call` through an agent turn: the model calls the picked tool; the host's next request carries the result. */
async function wireModelCall(
  scope: SessionScope,
  requests: ModelRequests,
  agentTurns: AgentTurnDriver,
  action: ModelCallAction,
): Promise<undefined> {
  const { log } = scope;
  const args = action.arguments ?? {};
  const startedAt = log.positions();
  let outcome: Awaited<ReturnType<AgentTurnDriver['modelCall']>>;
  try {
    outcome = await agentTurns.modelCall(action.pick, args, action.provider);
  } catch (error) {
    const name = 'name' in action.pick ? action.pick.name : action.pick.description;
    log.add(
      {
        kind: 'model-call',
        name,
        arguments: args,
        outcome: { kind: 'crashed', error: (error as Error).message },
      },
      startedAt,
    );
    return undefined;
  }
  if (agentTurns.failure !== undefined)
    log.add({ kind: 'note', text: `the agent turn failed: ${agentTurns.failure}` });
  // The requests the turn sent were shown to the model before its call: stamp them where the call started.
  requests.logWire(outcome.requests.slice(0, 1), action.provider, startedAt, startedAt);
  requests.logWire(outcome.requests.slice(1), action.provider, undefined, startedAt);
  if (outcome.requests.length === 0)
    log.add({
      kind: 'model-request',
      ...(action.provider !== undefined ? { provider: action.provider } : {}),
      tools: [],
      withheld: [],
      error: `the host sent the model no request during the turn${agentTurns.failure !== undefined ? ` (${agentTurns.failure})` : ''}`,
    });
  if (!outcome.call) {
    if (outcome.notFound !== undefined)
      scope.verdicts.fail(
        'runner.model-found-tool',
        `The model could not find a tool described as "${outcome.notFound}" in the request the host sent (${outcome.requests[0]?.tools.map((tool) => tool.name).join(', ') || 'no tools'}).`,
      );
    return undefined;
  }
  const { name, outcome: result, routedTo } = outcome.call;
  log.add(
    { kind: 'model-call', name, arguments: args, outcome: result, ...(routedTo ? { routedTo } : {}) },
    startedAt,
  );
  return undefined;
}
