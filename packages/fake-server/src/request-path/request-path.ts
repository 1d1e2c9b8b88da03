import { refuse } from '../eras/responses.js';
import { WireErrorCode } from '../eras/wire-error.js';
import type { WireRequest } from '../exchange/wire-request.js';
import type { WireResponse } from '../exchange/wire-response.js';
import { authenticateStage } from './authenticate-stage.js';
import { challengeStage } from './challenge-stage.js';
import { deliverStage } from './deliver-stage.js';
import { distortStage } from './distort-stage.js';
import { engineStage } from './engine-stage.js';
import type { Exchange } from './exchange.js';
import { foreignMethodStage } from './foreign-method-stage.js';
import { holdStage } from './hold-stage.js';
import { parseStage } from './parse-stage.js';
import { preemptFaultStage } from './preempt-fault-stage.js';
import type { RequestStage } from './request-stage.js';
import type { ServerParts } from './server-parts.js';
import { stepsStage } from './steps-stage.js';
import { UNAVAILABLE } from './unavailable.js';
import type { UpstreamStage } from './upstream-stage.js';

/**
 * The accept half of the request path, in order: parse, authenticate, preempt faults, challenge,
 * steps, foreign methods (a method the era does not answer itself: counted, and answered when the
 * script says so, before the era's own checks), engine. The first stage that answers ends it.
 */
export const ACCEPT_STAGES: readonly RequestStage[] = [
  parseStage,
  authenticateStage,
  preemptFaultStage,
  challengeStage,
  stepsStage,
  foreignMethodStage,
  engineStage,
];

/**
 * The path one request takes through the fake server, as an explicit chain of stages: the accept
 * half ({@link ACCEPT_STAGES}) answers it synchronously; then the answer is held (`delay`, `hang`),
 * distorted (message faults) and delivered (recorded, triggers counted). A proxy adds its upstream
 * stage around the accept half: the upstream answers what the world relays, before the answer is
 * held, distorted and delivered like any other. Steps made due along the
 * way run after the accept half and after delivery, never in the middle of recording a frame.
 * Never rejects: an internal failure becomes HTTP 500 with -32603.
 */
export class RequestPath {
  /**
   * @param upstream a proxy's upstream stage (see {@link UpstreamStage}): it may refresh the world
   *   before the accept half and replaces relayed answers after it; absent on a plain fake server.
   */
  private readonly stages: readonly RequestStage[];

  constructor(
    stages: readonly RequestStage[] = ACCEPT_STAGES,
    private readonly upstream?: UpstreamStage,
  ) {
    // The upstream's own accept stage goes right after the request is recorded (authenticate).
    const at = stages.findIndex((stage) => stage.name === 'authenticate') + 1;
    this.stages = upstream ? [...stages.slice(0, at), upstream.acceptStage, ...stages.slice(at)] : stages;
  }

  async handle(request: WireRequest, server: ServerParts): Promise<WireResponse> {
    const streamId =
      request.connectionId !== undefined
        ? `conn-${request.connectionId}`
        : server.world.nextId((request.httpMethod ?? 'POST').toLowerCase());
    const exchange: Exchange = { request, frame: { era: 'unknown', transport: request.transport, streamId } };
    try {
      for (const stage of this.stages) {
        let outcome = stage.run(exchange, server);
        if (typeof outcome !== 'string') outcome = await outcome;
        if (outcome === 'answered') break;
      }
    } catch (error) {
      return internalError(request, error, server);
    } finally {
      server.steps.runDue();
    }
    // The upstream answers while the hold runs: a delay counts from the request's arrival, as on a
    // plain fake server, and the answer goes out once both are done.
    const relayed = this.upstream?.after(exchange, server);
    const held = await holdStage(exchange, server, () => {
      if (relayed) void relayed.then(() => this.finish(exchange, server));
      else this.finish(exchange, server);
    });
    if (relayed) await relayed;
    if (held === 'abandoned') return UNAVAILABLE;
    if (held === 'detached') return exchange.response ?? UNAVAILABLE;
    return this.finish(exchange, server);
  }

  /** Distorts and delivers an exchange's answer, then runs the steps that became due; never throws. */
  private finish(exchange: Exchange, server: ServerParts): WireResponse {
    try {
      distortStage(exchange, server);
      return deliverStage(exchange, server);
    } catch (error) {
      return internalError(exchange.request, error, server);
    } finally {
      server.steps.runDue();
    }
  }
}

function internalError(request: WireRequest, error: unknown, server: ServerParts): WireResponse {
  server.recorder.note(`internal error: ${(error as Error).message}`, { transport: request.transport });
  return refuse({ status: 500, code: WireErrorCode.InternalError, message: 'Internal error' }).response;
}
