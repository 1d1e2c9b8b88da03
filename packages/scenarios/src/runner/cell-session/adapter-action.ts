import type { ClientAction } from '../../client-action.js';
import { serverOf } from '../../scenario.js';
import { bounded } from '../bounded.js';
import type { SessionScope } from './session-scope.js';

/** The actions that ask the client one thing and wait for it (within the action bound). */
export type AdapterAction = Extract<
  ClientAction,
  {
    do:
      | 'advance-clock'
      | 'refresh'
      | 'reconnect'
      | 'restart-client'
      | 'reauthorize'
      | 'grant'
      | 'observe-state';
  }
>;

/**
 * Performs one {@link AdapterAction}: `advance-clock` (the servers' logical clocks, the client's, or
 * both), `refresh`, `reconnect`, `restart-client`, `reauthorize`, `grant` (a standing permission,
 * also recorded as a `permission` observation) or `observe-state` (recorded as a `server-state`
 * observation). A client that hangs or throws makes the action fail (the session records it).
 */
export async function performAdapterAction(scope: SessionScope, action: AdapterAction): Promise<undefined> {
  const { adapter, scenario, log } = scope;
  const { actionTimeoutMs } = scope.timeouts;
  switch (action.do) {
    case 'advance-clock': {
      const on = action.on ?? 'server';
      if (on !== 'client') {
        const fakes = action.server ? [scope.servers.get(action.server).fake] : scope.servers.fakes();
        for (const fake of fakes) fake.advanceClock(action.ms);
      }
      if (on !== 'server')
        await bounded(adapter.advanceClock!(action.ms), actionTimeoutMs, 'advance the client clock');
      return undefined;
    }
    case 'refresh':
      await bounded(adapter.refresh!(serverOf(scenario, action)), actionTimeoutMs, 'refresh');
      return undefined;
    case 'reconnect':
      await bounded(adapter.reconnect!(serverOf(scenario, action)), actionTimeoutMs, 'reconnect');
      return undefined;
    case 'restart-client':
      await bounded(adapter.restartClient!(), actionTimeoutMs, 'restart-client');
      return undefined;
    case 'reauthorize':
      await bounded(
        adapter.reauthorize!(serverOf(scenario, action), action.bearerToken),
        actionTimeoutMs,
        'reauthorize',
      );
      return undefined;
    case 'grant': {
      const serverId = serverOf(scenario, action);
      await bounded(Promise.resolve(adapter.grant!(serverId, action.tool)), actionTimeoutMs, 'grant');
      log.add({ kind: 'permission', serverId, toolName: action.tool, granted: true, how: 'standing' });
      return undefined;
    }
    case 'observe-state': {
      const serverId = serverOf(scenario, action);
      // A remote client (in a client process) answers later; an in-process one at once.
      const answer = adapter.serverState!(serverId);
      const reported =
        answer instanceof Promise ? await bounded(answer, actionTimeoutMs, 'observe-state') : answer;
      log.add({ kind: 'server-state', serverId, ...reported });
      return undefined;
    }
  }
}
