import {
  type ExposedTool,
  type FrameRef,
  fail,
  inconclusive,
  type ModelCallOutcome,
  type Verdict,
} from '@toolshift/assertions';
import type {
  ClientAdapter,
  ClientObserver,
  ConnectTarget,
  ModelRequest,
} from '../adapters/client-adapter.js';
import { phaseOf } from '../adapters/client-phase-error.js';
import type { CellEra, ClientAction, ClientFeature, Scenario } from '../scenario.js';
import { serverOf } from '../scenario.js';
import { AgentTurnDriver, type WireModelRequest } from './agent-turn-driver.js';
import { BoundExceededError, bounded } from './bounded.js';
import type { CheckVerdict } from './cell.js';
import type { CellServer, CellServers } from './cell-servers.js';
import { principalOf } from './evaluate-checks.js';
import { forwardModelRequest } from './forward-model-request.js';
import { matchesFrame } from './frame-match.js';
import { handshakeEvidence } from './handshake-evidence.js';
import { ObservationLog } from './observation-log.js';
import { releaseIfBlocked } from './release-if-blocked.js';
import { settle } from './settle.js';
import { waitForFrame } from './wait-for-frame.js';

/** Wall-time bounds of a cell's actions, ms. */
export interface SessionTimeouts {
  /** Upper bound of each `settle` action. */
  settleTimeoutMs: number;
  /** Quiet period `settle` waits for. */
  quietMs: number;
  /** Upper bound of each client action (connect, call, refresh, …). */
  actionTimeoutMs: number;
  /** Default upper bound of a `wait-for` action. */
  waitTimeoutMs: number;
  /** The client reports nothing but its traffic: every `settle` waits for a quiet wire only. */
  wireOnly?: boolean;
}

/** `call search_docs`, `connect`, `step add-beta`: an action in a few words, for progress and errors. */
export function describeAction(action: ClientAction): string {
  switch (action.do) {
    case 'call':
      return `call ${action.tool}`;
    case 'step':
      return `step ${action.step}`;
    case 'model-call':
      return `model-call ${'name' in action.pick ? action.pick.name : `"${action.pick.description}"`}`;
    default:
      return 'server' in action && action.server !== undefined ? `${action.do} ${action.server}` : action.do;
  }
}

/** Why the action list stopped early: the harness failed (`error`), or the client could not go on. */
export type SessionEnd =
  | { kind: 'completed' }
  | { kind: 'stopped'; reason: string }
  | { kind: 'error'; reason: string };

/**
 * Plays a scenario's client actions against one adapter and the cell's servers, recording what the
 * client does as observations and the runner's own failed expectations as `runner.*` verdicts.
 * Never throws for a misbehaving client: a failed connect stops the run with a verdict; a hung or
 * throwing action becomes a verdict; only a broken script step is a harness error.
 */
export class CellSession {
  readonly log: ObservationLog;
  readonly runnerVerdicts: CheckVerdict[] = [];
  private latest: ExposedTool[] | undefined;
  private lastRequest: ModelRequest | undefined;
  /** Why the latest model request could not be built. */
  private lastRequestError: string | undefined;
  private readonly exposureListeners = new Set<() => void>();
  private readonly waitCursor = new Map<string, number>();
  private readonly pending: Array<Promise<SessionEnd | undefined>> = [];
  readonly observer: ClientObserver;
  /** Set when the client runs agent turns against the fake model instead of reporting model requests. */
  private readonly agentTurns: AgentTurnDriver | undefined;

  constructor(
    private readonly scenario: Scenario,
    private readonly era: CellEra,
    private readonly servers: CellServers,
    private readonly adapter: ClientAdapter,
    private readonly timeouts: SessionTimeouts,
    /** Told before each action starts, e.g. `action 3 of 4 (call search_docs)`. */
    private readonly onAction?: (description: string) => void,
    /** The host features the client declares (`agent-turn` without `model-exposure`: model actions go through the wire). */
    features: readonly ClientFeature[] = [],
  ) {
    this.log = new ObservationLog(() =>
      Object.fromEntries(servers.list.map((server) => [server.id, server.fake.transcript.lastSeq])),
    );
    this.observer = {
      exposure: (tools) => {
        this.latest = tools;
        this.log.add({ kind: 'exposure', tools });
        for (const listener of this.exposureListeners) listener();
      },
      note: (text) => this.log.add({ kind: 'note', text }),
      warning: (warning) => this.log.add({ kind: 'warning', ...warning }),
      permission: (decision) => this.log.add({ kind: 'permission', ...decision }),
      // The scenario plays the user and approves every call the client asks about.
      approve: () => true,
      resources: (serverId, shown) =>
        this.log.add({
          kind: 'resources',
          serverId,
          resources: shown.resources.map(({ uri, name }) => ({
            uri,
            ...(name !== undefined ? { name } : {}),
          })),
          resourceTemplates: shown.resourceTemplates.map(({ uriTemplate, name }) => ({
            uriTemplate,
            ...(name !== undefined ? { name } : {}),
          })),
        }),
      prompts: (serverId, prompts) =>
        this.log.add({
          kind: 'prompts',
          serverId,
          prompts: prompts.map(({ name, description }) => ({
            name,
            ...(description !== undefined ? { description } : {}),
          })),
        }),
      state: (serverId, reported) =>
        this.log.add({
          kind: 'server-state',
          serverId,
          state: reported.state,
          ...(reported.detail !== undefined ? { detail: reported.detail } : {}),
          reported: true,
        }),
    };
    this.agentTurns =
      features.includes('agent-turn') && !features.includes('model-exposure') && adapter.agentTurn
        ? new AgentTurnDriver(servers.model.provider, servers, adapter, timeouts.actionTimeoutMs)
        : undefined;
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
      const quiet = await this.settleOn(this.servers.list, 'quiet', false);
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
        this.runnerFail(
          'runner.action-completed',
          `Action ${index + 1} (${action.do}) did not complete: ${message}`,
        );
      }
    }
    return { kind: 'completed' };
  }

  private async perform(action: ClientAction): Promise<SessionEnd | undefined> {
    const { actionTimeoutMs } = this.timeouts;
    switch (action.do) {
      case 'connect': {
        const connecting = this.connect(action);
        if (!action.background) return connecting;
        this.pending.push(connecting);
        return undefined;
      }
      case 'settle': {
        const stopped = await this.awaitPending();
        if (stopped) return stopped;
        const outcome = await this.settleOn(
          action.server ? [this.servers.get(action.server)] : this.servers.list,
          // A wire-only client shows no exposure to converge on: only its traffic can settle.
          this.timeouts.wireOnly ? 'quiet' : (action.until ?? 'catalog'),
          true,
          action,
        );
        if (!outcome.settled) {
          this.log.add({ kind: 'note', text: `settle timed out: ${outcome.reason}` });
        }
        return undefined;
      }
      case 'step':
        this.servers.get(serverOf(this.scenario, action)).fake.apply(action.step);
        return undefined;
      case 'call': {
        const serverId = serverOf(this.scenario, action);
        const args = action.arguments ?? {};
        const startedAt = this.log.positions();
        let outcome: Awaited<ReturnType<ClientAdapter['callTool']>>;
        try {
          outcome = await bounded(
            this.adapter.callTool(action.tool, args, serverId),
            actionTimeoutMs,
            `call ${action.tool}`,
          );
        } catch (error) {
          const message = (error as Error).message;
          const hung = error instanceof BoundExceededError;
          outcome = { ok: false, error: `the client ${hung ? 'hung' : 'threw'}: ${message}` };
          this.runnerFail(
            'runner.call-completed',
            hung
              ? `The call of ${action.tool} on ${serverId} did not complete: ${message}.`
              : `The call of ${action.tool} on ${serverId} did not complete: ${message} (an adapter's callTool returns a failed outcome rather than throwing).`,
            [
              {
                seq: this.servers.get(serverId).fake.transcript.lastSeq,
                note: 'last frame when the call ended',
              },
            ],
            serverId,
          );
        }
        this.log.add({ kind: 'call', serverId, toolName: action.tool, arguments: args, outcome }, startedAt);
        return undefined;
      }
      case 'model-request':
        await this.modelRequest(action.provider);
        return undefined;
      case 'model-call': {
        if (this.agentTurns) return this.wireModelCall(action);
        let name: string;
        let chosen: ModelRequest['tools'][number] | undefined;
        if ('name' in action.pick) name = action.pick.name;
        else {
          const wanted = action.pick.description;
          const request =
            action.pick.from === 'last-request' && this.lastRequest
              ? this.lastRequest
              : await this.modelRequest(action.provider);
          if (!request) {
            // The client's doing (its request failed to build). Runner checks are never essential:
            // the model checks carry it (noModelRequest), and model.requests-built fails on it.
            this.runnerVerdicts.push({
              ...inconclusive(
                'runner.model-request-built',
                `The client could not build the model request (${this.lastRequestError ?? 'no request'}), so the model could not pick a tool described as "${wanted}"; the checks of its calls have nothing to judge.`,
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
            this.runnerInconclusive(
              'runner.model-found-tool',
              `The model could not find a tool described as "${wanted}" in the request the client built (${request.tools.length} ${request.tools.length === 1 ? 'tool' : 'tools'}: ${request.tools.map((tool) => tool.name).join(', ') || 'none'}; ${request.withheld.length} withheld), so it did not call one.`,
            );
            return undefined;
          }
          name = found.name;
          chosen = found;
        }
        const args = action.arguments ?? {};
        const startedAt = this.log.positions();
        let outcome: ModelCallOutcome;
        let routedTo: { serverId: string; toolName: string } | undefined;
        try {
          const result = await bounded(
            this.adapter.modelCall!(
              name,
              args,
              action.provider !== undefined ? { provider: action.provider } : {},
            ),
            actionTimeoutMs,
            `model call ${name}`,
          );
          outcome = { kind: 'result', isError: result.isError, text: result.text };
          routedTo = result.routedTo;
        } catch (error) {
          outcome = { kind: 'crashed', error: (error as Error).message };
        }
        this.log.add(
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
      case 'wait-for': {
        const server = this.servers.get(serverOf(this.scenario, action));
        const afterSeq = this.waitCursor.get(server.id) ?? 0;
        const timeoutMs = action.timeoutMs ?? this.timeouts.waitTimeoutMs;
        const frame = await waitForFrame(server.fake, (candidate) => matchesFrame(candidate, action.frame), {
          afterSeq,
          timeoutMs,
        });
        if (frame) this.waitCursor.set(server.id, frame.seq);
        else {
          // Staging, not a verdict: the scenario waited for the client to do something it may
          // rightly not do (e.g. list at connect, hold a subscription); the checks judge what happened.
          this.runnerInconclusive(
            'runner.awaited-frame',
            `No frame matching ${JSON.stringify(action.frame)} reached ${server.id} within ${timeoutMs} ms; the run went on without it.`,
            [{ seq: server.fake.transcript.lastSeq, note: 'last frame while waiting' }],
            server.id,
          );
        }
        return undefined;
      }
      case 'advance-clock': {
        const on = action.on ?? 'server';
        if (on !== 'client') {
          const fakes = action.server ? [this.servers.get(action.server).fake] : this.servers.fakes();
          for (const fake of fakes) fake.advanceClock(action.ms);
        }
        if (on !== 'server')
          await bounded(this.adapter.advanceClock!(action.ms), actionTimeoutMs, 'advance the client clock');
        return undefined;
      }
      case 'refresh':
        await bounded(this.adapter.refresh!(serverOf(this.scenario, action)), actionTimeoutMs, 'refresh');
        return undefined;
      case 'reconnect':
        await bounded(this.adapter.reconnect!(serverOf(this.scenario, action)), actionTimeoutMs, 'reconnect');
        return undefined;
      case 'restart-client':
        await bounded(this.adapter.restartClient!(), actionTimeoutMs, 'restart-client');
        return undefined;
      case 'reauthorize':
        await bounded(
          this.adapter.reauthorize!(serverOf(this.scenario, action), action.bearerToken),
          actionTimeoutMs,
          'reauthorize',
        );
        return undefined;
      case 'grant': {
        const serverId = serverOf(this.scenario, action);
        await bounded(Promise.resolve(this.adapter.grant!(serverId, action.tool)), actionTimeoutMs, 'grant');
        this.log.add({ kind: 'permission', serverId, toolName: action.tool, granted: true, how: 'standing' });
        return undefined;
      }
      case 'observe-state': {
        const serverId = serverOf(this.scenario, action);
        // A remote client (in a client process) answers later; an in-process one at once.
        const answer = this.adapter.serverState!(serverId);
        const reported =
          answer instanceof Promise ? await bounded(answer, actionTimeoutMs, 'observe-state') : answer;
        this.log.add({ kind: 'server-state', serverId, ...reported });
        return undefined;
      }
    }
  }

  /** How the client reaches one server of the cell. */
  private targetOf(server: CellServer, reuseCache: boolean): ConnectTarget {
    return {
      url:
        'url' in server.served.target
          ? server.served.target.url
          : `${server.served.transport}://${server.id}`,
      transport: server.served.target,
      // A dual cell gives no preference: the client shows which era it picks by itself.
      ...(this.era !== 'dual' ? { era: this.era } : {}),
      serverId: server.id,
      scenarioId: this.scenario.id,
      // Each connection of a scenario is its own credential profile (named by its id, never the secret).
      ...(server.bearerToken !== undefined
        ? { bearerToken: server.bearerToken, credentialProfileId: server.id }
        : {}),
      ...(reuseCache ? { reuseCache: true } : {}),
      model: this.servers.model.urls,
    };
  }

  /** Runs {@link settle} on `servers` with the session's bounds, or the action's own where it states them. */
  private settleOn(
    servers: readonly CellServer[],
    until: 'catalog' | 'quiet',
    awaitSignals: boolean,
    bounds: { quietMs?: number; timeoutMs?: number } = {},
  ): ReturnType<typeof settle> {
    const targets = servers.map((server) => ({
      serverId: server.id,
      server: server.fake,
      // Connections with credentials are told apart by principal; without, every request counts.
      ...(server.bearerToken !== undefined
        ? { principal: principalOf(server.fake.script, server.bearerToken) }
        : {}),
    }));
    return settle(
      targets,
      () => this.latest,
      (listener) => {
        this.exposureListeners.add(listener);
        return () => this.exposureListeners.delete(listener);
      },
      {
        timeoutMs: bounds.timeoutMs ?? this.timeouts.settleTimeoutMs,
        quietMs: bounds.quietMs ?? this.timeouts.quietMs,
        until,
        awaitSignals,
        exposures: (serverId) => this.log.exposures(serverId),
        reportsExposures: this.timeouts.wireOnly !== true,
      },
    );
  }

  /** Connects to every server of the action (or its one server), in order. */
  private async connect(action: Extract<ClientAction, { do: 'connect' }>): Promise<SessionEnd | undefined> {
    const targets = action.server ? [this.servers.get(action.server)] : this.servers.list;
    const cellServers = this.servers.list.map((server) => this.targetOf(server, action.reuseCache === true));
    for (const server of targets) {
      const before = server.fake.transcript.lastSeq;
      try {
        const connecting = this.adapter.connect(
          { ...cellServers[this.servers.list.indexOf(server)]!, cellServers },
          this.observer,
        );
        await bounded(
          action.releaseIfBlocked
            ? this.releasingIfBlocked(connecting, server.id, action.releaseIfBlocked)
            : connecting,
          this.timeouts.actionTimeoutMs,
          `connect to ${server.id}`,
        );
      } catch (error) {
        const message = (error as Error).message;
        const declared = phaseOf(error);
        const handshake = handshakeEvidence(server.fake.transcript.frames, before);
        if ((declared ?? (handshake ? 'tool-set' : 'connect')) !== 'connect') {
          // A connect the runner's bound cut short is wall-clock staging, never a verdict on the client.
          const lenient = action.allowFailure === true || error instanceof BoundExceededError;
          this.toolSetFailed(server.id, message, declared !== undefined, handshake ?? [], lenient);
          continue;
        }
        if (action.allowFailure) {
          this.log.add({ kind: 'warning', serverId: server.id, message: `connect failed: ${message}` });
          continue;
        }
        this.log.add({ kind: 'note', text: `connect to ${server.id} failed: ${message}` });
        this.runnerFail(
          'runner.client-connected',
          `The client failed to connect to ${server.id}: ${message}${declared ? '' : ' (no handshake was answered)'}`,
          [{ seq: server.fake.transcript.lastSeq, note: 'last frame before the failure' }],
          server.id,
        );
        return { kind: 'stopped', reason: `connect to ${server.id} failed` };
      }
    }
    return undefined;
  }

  /** `connecting` under the action's `releaseIfBlocked` rule, noting in the log when it fires. */
  private releasingIfBlocked(
    connecting: Promise<void>,
    connectingTo: string,
    rule: { server: string; ms: number; quietMs: number },
  ): Promise<void> {
    const held = this.servers.get(rule.server);
    return releaseIfBlocked(
      connecting,
      this.servers.fakes(),
      { server: held.fake, ms: rule.ms, quietMs: rule.quietMs },
      () =>
        this.log.add({
          kind: 'note',
          text: `connect to ${connectingTo} still waiting after ${rule.quietMs} ms of quiet wire while ${held.id} holds a response on its logical clock: the client waits on it before it finishes connecting, so ${held.id}'s clock is advanced ${rule.ms} ms now`,
        }),
    );
  }

  /**
   * The client connected (it says so, or the wire shows an answered handshake) but its connect
   * failed afterwards, while it listed and built its tool set: a tool set that failed to build is a
   * failure (issue 26) — `runner.tool-set-built` fails with the client's error, and a
   * `tool-set-error` observation makes the registry checks fail with it too — unless the scenario's
   * `connect` allows failure (`allowFailure`: the scenario expects the client may refuse, e.g. a
   * listing it must not accept) or the runner's own bound cut the connect short (wall-clock time is
   * no verdict), when the runner's verdict is inconclusive and the scenario's checks judge what it
   * exposes. Either way the host shows its user a warning and the run goes on.
   */
  private toolSetFailed(
    serverId: string,
    message: string,
    declared: boolean,
    handshake: FrameRef[],
    lenient: boolean,
  ): void {
    const how = declared
      ? 'the client says its connection worked'
      : `its handshake was answered: ${handshake.map((ref) => `#${ref.seq} ${ref.note}`).join(', ')}`;
    this.log.add({ kind: 'warning', serverId, message: `could not build its tool set: ${message}` });
    if (!lenient) this.log.add({ kind: 'tool-set-error', serverId, error: message });
    this.log.add({
      kind: 'note',
      text: `connect to ${serverId}: the connection worked (${how}), but building the tool set failed: ${message}`,
    });
    const verdict = lenient
      ? inconclusive(
          'runner.tool-set-built',
          `The client connected to ${serverId} (${how}) but failed to build its tool set: ${message}. Counted as a failure it reports to its user (the scenario allows the connect to fail, or the runner's bound cut it short); the checks judge what it exposes.`,
          handshake,
        )
      : fail(
          'runner.tool-set-built',
          `The client connected to ${serverId} (${how}) but failed to build its tool set: ${message}.`,
          handshake,
          'the server answered; the client could not turn the answer into a tool set',
        );
    this.runnerVerdicts.push({ ...verdict, checkId: 'runner.tool-set-built', serverId });
  }

  /** Waits for background connects; returns how the run must stop if one failed. */
  private async awaitPending(): Promise<SessionEnd | undefined> {
    const pending = this.pending.splice(0);
    const ends = await Promise.all(pending);
    return ends.find((end) => end !== undefined);
  }

  /**
   * A black-box host's model requests, read from the wire, as `model-request` observations at `at`
   * (default: now), each asked of the host at `startedAt` (the turn's start).
   */
  private logWireRequests(
    requests: readonly WireModelRequest[],
    provider: string | undefined,
    at: Record<string, number> | undefined,
    startedAt: Record<string, number>,
  ): void {
    for (const { seq: _seq, ...request } of requests) {
      const observation = {
        kind: 'model-request' as const,
        ...(provider !== undefined ? { provider } : {}),
        ...request,
      };
      if (at) this.log.addAt(observation, at, startedAt);
      else this.log.add(observation, startedAt);
    }
  }

  /** `model-call` through an agent turn: the model calls the picked tool; the host's next request carries the result. */
  private async wireModelCall(action: Extract<ClientAction, { do: 'model-call' }>): Promise<undefined> {
    const args = action.arguments ?? {};
    const startedAt = this.log.positions();
    let outcome: Awaited<ReturnType<AgentTurnDriver['modelCall']>>;
    try {
      outcome = await this.agentTurns!.modelCall(action.pick, args, action.provider);
    } catch (error) {
      const name = 'name' in action.pick ? action.pick.name : action.pick.description;
      this.log.add(
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
    if (this.agentTurns!.failure !== undefined)
      this.log.add({ kind: 'note', text: `the agent turn failed: ${this.agentTurns!.failure}` });
    // The requests the turn sent were shown to the model before its call: stamp them where the call started.
    this.logWireRequests(outcome.requests.slice(0, 1), action.provider, startedAt, startedAt);
    this.logWireRequests(outcome.requests.slice(1), action.provider, undefined, startedAt);
    if (outcome.requests.length === 0)
      this.log.add({
        kind: 'model-request',
        ...(action.provider !== undefined ? { provider: action.provider } : {}),
        tools: [],
        withheld: [],
        error: `the host sent the model no request during the turn${this.agentTurns!.failure !== undefined ? ` (${this.agentTurns!.failure})` : ''}`,
      });
    if (!outcome.call) {
      if (outcome.notFound !== undefined)
        this.runnerFail(
          'runner.model-found-tool',
          `The model could not find a tool described as "${outcome.notFound}" in the request the host sent (${outcome.requests[0]?.tools.map((tool) => tool.name).join(', ') || 'no tools'}).`,
        );
      return undefined;
    }
    const { name, outcome: result, routedTo } = outcome.call;
    this.log.add(
      { kind: 'model-call', name, arguments: args, outcome: result, ...(routedTo ? { routedTo } : {}) },
      startedAt,
    );
    return undefined;
  }

  private async modelRequest(provider: string | undefined): Promise<ModelRequest | undefined> {
    const startedAt = this.log.positions();
    if (this.agentTurns) {
      try {
        const requests = await this.agentTurns.modelRequest(provider);
        this.logWireRequests(requests, provider, undefined, startedAt);
        const failure = this.agentTurns.failure;
        if (failure !== undefined) this.log.add({ kind: 'note', text: `the agent turn failed: ${failure}` });
        if (requests.length === 0)
          throw new Error(
            `the host sent the model no request during the turn${failure !== undefined ? ` (${failure})` : ''}`,
          );
        const [first] = requests;
        this.lastRequest = first;
        return first;
      } catch (error) {
        return this.modelRequestFailed(error as Error, provider);
      }
    }
    try {
      const request = await bounded(
        this.adapter.modelRequest!(provider !== undefined ? { provider } : {}),
        this.timeouts.actionTimeoutMs,
        'model request',
      );
      this.lastRequest = request;
      this.lastRequestError = undefined;
      // The tool set goes to the fake model as the host would send it: the provider's rules judge it on the wire too.
      const exchange = await forwardModelRequest(this.servers.model.provider, request, provider);
      this.log.add(
        {
          kind: 'model-request',
          ...(provider !== undefined ? { provider } : {}),
          ...request,
          ...(exchange !== undefined ? { exchange } : {}),
        },
        startedAt,
      );
      return request;
    } catch (error) {
      return this.modelRequestFailed(error as Error, provider);
    }
  }

  /** Records a model request the host could not build (or a turn that sent none): an error observation, no request. */
  private modelRequestFailed(error: Error, provider: string | undefined): undefined {
    this.lastRequestError = error.message;
    this.log.add({
      kind: 'model-request',
      ...(provider !== undefined ? { provider } : {}),
      tools: [],
      withheld: [],
      error: error.message,
    });
    return undefined;
  }

  /**
   * Records staging the scenario expected but the run did not reach (not a verdict on the client);
   * `serverId` names the server connection it is about, if one.
   */
  private runnerInconclusive(
    checkId: string,
    message: string,
    evidence: Verdict['evidence'] = [],
    serverId?: string,
  ): void {
    this.runnerVerdicts.push({
      ...inconclusive(checkId, message, evidence),
      checkId,
      ...(serverId ? { serverId } : {}),
    });
  }

  /** Records a failed runner expectation; `serverId` names the server connection it is about, if one. */
  private runnerFail(
    checkId: string,
    message: string,
    evidence: Verdict['evidence'] = [],
    serverId?: string,
  ): void {
    this.runnerVerdicts.push({
      ...fail(checkId, message, evidence),
      checkId,
      ...(serverId ? { serverId } : {}),
    });
  }
}
