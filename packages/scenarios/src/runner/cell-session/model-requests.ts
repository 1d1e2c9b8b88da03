import type { ModelRequest } from '../../adapters/client-adapter.js';
import type { AgentTurnDriver, WireModelRequest } from '../agent-turn-driver.js';
import { bounded } from '../bounded.js';
import { forwardModelRequest } from '../forward-model-request.js';
import type { SessionScope } from './session-scope.js';

/**
 * The model requests a host builds during a cell, as `model-request` observations: asked of the
 * adapter (and forwarded to the fake model, whose provider rules judge it on the wire too), or, for
 * a host that runs agent turns against the fake model (`agentTurns`), read from the wire. Keeps
 * the latest request (a `model-call` may pick from it) and why the latest could not be built.
 */
export class ModelRequests {
  /** The latest request the host built. */
  last: ModelRequest | undefined;
  /** Why the latest model request could not be built. */
  lastError: string | undefined;

  constructor(
    private readonly scope: SessionScope,
    /** Set when the client runs agent turns against the fake model instead of reporting model requests. */
    readonly agentTurns: AgentTurnDriver | undefined,
  ) {}

  /** Asks the host for the request it would send the model now; undefined when it could not build one. */
  async request(provider: string | undefined): Promise<ModelRequest | undefined> {
    const { log, adapter, servers, timeouts } = this.scope;
    const startedAt = log.positions();
    if (this.agentTurns) {
      try {
        const requests = await this.agentTurns.modelRequest(provider);
        this.logWire(requests, provider, undefined, startedAt);
        const failure = this.agentTurns.failure;
        if (failure !== undefined) log.add({ kind: 'note', text: `the agent turn failed: ${failure}` });
        if (requests.length === 0)
          throw new Error(
            `the host sent the model no request during the turn${failure !== undefined ? ` (${failure})` : ''}`,
          );
        const [first] = requests;
        this.last = first;
        return first;
      } catch (error) {
        return this.failed(error as Error, provider);
      }
    }
    try {
      const request = await bounded(
        adapter.modelRequest!(provider !== undefined ? { provider } : {}),
        timeouts.actionTimeoutMs,
        'model request',
      );
      this.last = request;
      this.lastError = undefined;
      // The tool set goes to the fake model as the host would send it: the provider's rules judge it on the wire too.
      const exchange = await forwardModelRequest(servers.model.provider, request, provider);
      log.add(
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
      return this.failed(error as Error, provider);
    }
  }

  /**
   * A black-box host's model requests, read from the wire, as `model-request` observations at `at`
   * (default: now), each asked of the host at `startedAt` (the turn's start).
   */
  logWire(
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
      if (at) this.scope.log.addAt(observation, at, startedAt);
      else this.scope.log.add(observation, startedAt);
    }
  }

  /** Records a model request the host could not build (or a turn that sent none): an error observation, no request. */
  private failed(error: Error, provider: string | undefined): undefined {
    this.lastError = error.message;
    this.scope.log.add({
      kind: 'model-request',
      ...(provider !== undefined ? { provider } : {}),
      tools: [],
      withheld: [],
      error: error.message,
    });
    return undefined;
  }
}
