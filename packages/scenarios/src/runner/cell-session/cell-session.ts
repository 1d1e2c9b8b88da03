import type { ClientAdapter, ClientObserver } from '../../adapters/client-adapter.js';
import type { ClientAction } from '../../client-action.js';
import type { CellEra, ClientFeature, Scenario } from '../../scenario.js';
import { serverOf } from '../../scenario.js';
import { AgentTurnDriver } from '../agent-turn-driver.js';
import type { CheckVerdict } from '../cell.js';
import type { CellServers } from '../cell-servers.js';
import { ObservationLog } from '../observation-log.js';
import { performAdapterAction } from './adapter-action.js';
import { performCall } from './call-action.js';
import { performConnect } from './connect-action.js';
import { describeAction } from './describe-action.js';
import { ExposureFeed } from './exposure-feed.js';
import { performModelCall } from './model-call-action.js';
import { ModelRequests } from './model-requests.js';
import { RunnerVerdicts } from './runner-verdicts.js';
import type { SessionEnd } from './session-end.js';
import { createSessionObserver } from './session-observer.js';
import type { SessionScope } from './session-scope.js';
import type { SessionTimeouts } from './session-timeouts.js';
import { settleServers } from './settle-servers.js';
import { performWaitFor } from './wait-for-action.js';

/**
 * Plays a scenario's client actions against one adapter and the cell's servers, recording what the
 * client does as observations and the runner's own failed expectations as `runner.*` verdicts.
 * Never throws for a misbehaving client: a failed connect stops the run with a verdict; a hung or
 * throwing action becomes a verdict; only a broken script step is a harness error. Each action
 * family is performed in its own module; this class dispatches them and ends the run.
 */
export class CellSession {
  readonly log: ObservationLog;
  readonly runnerVerdicts: CheckVerdict[];
  readonly observer: ClientObserver;
  private readonly scope: SessionScope;
  private readonly models: ModelRequests;
  /** The frame each server's last `wait-for` matched (the next one waits for a later frame). */
  private readonly waitCursor = new Map<string, number>();
  private readonly pending: Array<Promise<SessionEnd | undefined>> = [];

  constructor(
    scenario: Scenario,
    era: CellEra,
    private readonly servers: CellServers,
    adapter: ClientAdapter,
    timeouts: SessionTimeouts,
    /** Told before each action starts, e.g. `action 3 of 4 (call search_docs)`. */
    private readonly onAction?: (description: string) => void,
    /** The host features the client declares (`agent-turn` without `model-exposure`: model actions go through the wire). */
    features: readonly ClientFeature[] = [],
  ) {
    this.log = new ObservationLog(() =>
      Object.fromEntries(servers.list.map((server) => [server.id, server.fake.transcript.lastSeq])),
    );
    const verdicts = new RunnerVerdicts();
    this.runnerVerdicts = verdicts.list;
    const exposures = new ExposureFeed();
    this.observer = createSessionObserver(this.log, exposures);
    this.scope = { scenario, era, servers, adapter, timeouts, log: this.log, verdicts, exposures };
    this.models = new ModelRequests(
      this.scope,
      features.includes('agent-turn') && !features.includes('model-exposure') && adapter.agentTurn
        ? new AgentTurnDriver(servers.model.provider, servers, adapter, timeouts.actionTimeoutMs)
        : undefined,
    );
  }

  /**
   * Performs every action in order, waits for connects still running in the background, then lets
   * the client finish what it started on the wire: the run ends once no listing is in flight and the
   * wire has been quiet for the quiet period (at most the settle timeout). A client's trailing
   * frames (a re-list after a call, the last page of a listing) are thus judged on every transport
   * and every run alike, instead of landing before or after the end by the speed of the transport.
   */
  async run(actions: readonly ClientAction[]): Promise<SessionEnd> {
    const end = await this.runActions(actions);
    const stopped = await this.awaitPending();
    const result = end.kind === 'completed' && stopped ? stopped : end;
    if (result.kind !== 'error') {
      const quiet = await settleServers(this.scope, this.servers.list, 'quiet', false);
      if (!quiet.settled) {
        this.log.add({ kind: 'note', text: `the run ended unsettled: ${quiet.reason}` });
      }
    }
    return result;
  }

  private async runActions(actions: readonly ClientAction[]): Promise<SessionEnd> {
    for (const [index, action] of actions.entries()) {
      this.onAction?.(`action ${index + 1} of ${actions.length} (${describeAction(action)})`);
      try {
        const end = await this.perform(action);
        if (end) return end;
      } catch (error) {
        const message = (error as Error).message;
        this.log.add({ kind: 'note', text: `${action.do} failed: ${message}` });
        if (action.do === 'step') return { kind: 'error', reason: `step ${action.step} failed: ${message}` };
        this.scope.verdicts.fail(
          'runner.action-completed',
          `Action ${index + 1} (${action.do}) did not complete: ${message}`,
        );
      }
    }
    return { kind: 'completed' };
  }

  /** Performs one action; returns how the run must stop, if it must. */
  private async perform(action: ClientAction): Promise<SessionEnd | undefined> {
    const { scope } = this;
    switch (action.do) {
      case 'connect': {
        const connecting = performConnect(scope, action, this.observer);
        if (!action.background) return connecting;
        this.pending.push(connecting);
        return undefined;
      }
      case 'settle': {
        const stopped = await this.awaitPending();
        if (stopped) return stopped;
        const outcome = await settleServers(
          scope,
          action.server ? [this.servers.get(action.server)] : this.servers.list,
          // A wire-only client shows no exposure to converge on: only its traffic can settle.
          scope.timeouts.wireOnly ? 'quiet' : (action.until ?? 'catalog'),
          true,
          action,
        );
        if (!outcome.settled) {
          this.log.add({ kind: 'note', text: `settle timed out: ${outcome.reason}` });
        }
        return undefined;
      }
      case 'step':
        this.servers.get(serverOf(scope.scenario, action)).fake.apply(action.step);
        return undefined;
      case 'call':
        return performCall(scope, action);
      case 'model-request':
        await this.models.request(action.provider);
        return undefined;
      case 'model-call':
        return performModelCall(scope, this.models, action);
      case 'wait-for':
        return performWaitFor(scope, this.waitCursor, action);
      default:
        return performAdapterAction(scope, action);
    }
  }

  /** Waits for background connects; returns how the run must stop if one failed. */
  private async awaitPending(): Promise<SessionEnd | undefined> {
    const pending = this.pending.splice(0);
    const ends = await Promise.all(pending);
    return ends.find((end) => end !== undefined);
  }
}
