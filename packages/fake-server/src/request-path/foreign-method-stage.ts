import { planMethod } from '../eras/method-plan.js';
import { answer } from '../eras/responses.js';
import type { RequestStage } from './request-stage.js';

/**
 * Foreign methods: a request of a method the era it was routed to does not answer itself (see
 * `EraEngine.knows`: e.g. `server/discover` on a 2025-11-25-only server, `initialize` on a
 * 2026-07-28-only one) is counted for the script's request triggers here, before the era engine
 * refuses it for its era (a legacy session missing, a connection not initialized): it is `received`
 * now, and `answered` when its answer is delivered, whatever that answer is — toward triggers that
 * name its method (unfiltered `afterRequests` triggers count the era's own requests only). A script `answers`
 * entry for it answers it here, exactly as written (result, error and its HTTP status, unanswered,
 * held until a step), so "answer the probe with X" puts X on the wire in every era and on every
 * transport. Requests of the era's own methods go on to the engine, whose checks come first.
 * @see ../shared/spec/mcp-discovery-spec.md §1.4 (a client probing an endpoint's era)
 */
export const foreignMethodStage: RequestStage = {
  name: 'foreign-method',
  run(exchange, server) {
    const classified = exchange.classified;
    if (classified?.kind !== 'request' || !exchange.eraRequest) return 'next';
    const era = exchange.frame.era === 'legacy' ? 'legacy' : 'modern';
    if (server.engines.of(era).knows(classified.method)) return 'next';
    exchange.foreign = true;
    const plan = planMethod({
      world: server.world,
      era,
      method: classified.method,
      params: classified.params,
      principal: exchange.eraRequest.principal,
      handler: undefined,
      wrapResult: (result) => result,
      note: (text) => server.recorder.note(text, exchange.frame),
    });
    const early = plan?.atArrival ? plan.run() : undefined;
    server.scheduler.requestReceived(classified.method, undefined, true);
    server.steps.runDue();
    if (!plan) return 'next';
    if (plan.progress)
      server.recorder.note(
        `${plan.progress.steps.length} progress notification(s) not sent: a ${era} server does not answer ${classified.method} on a stream of its own`,
        exchange.frame,
      );
    const outcome = early ?? plan.run();
    if (outcome.kind === 'stream') return 'next';
    exchange.outcome = {
      ...answer(classified.id, outcome, server.world.settings.jsonRpcErrorStatus),
      ...(plan.hold ? { hold: plan.hold } : {}),
    };
    exchange.response = exchange.outcome.response;
    return 'answered';
  },
};
