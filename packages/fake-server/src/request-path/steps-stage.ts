import { toolOf } from './exchange.js';
import type { RequestStage } from './request-stage.js';

/**
 * Steps: arms the request's `received` moment. The era engine calls it once the request passed
 * the era's checks, right before its method runs; `afterRequests … phase: received` steps then run
 * while the request is in flight (e.g. on its own open SSE stream).
 */
export const stepsStage: RequestStage = {
  name: 'steps',
  run(exchange, server) {
    const classified = exchange.classified;
    if (classified?.kind !== 'request' || !exchange.eraRequest) return 'next';
    const method = classified.method;
    const tool = toolOf(classified);
    exchange.eraRequest.onReceived = () => {
      server.scheduler.requestReceived(method, tool);
      server.steps.runDue();
    };
    return 'next';
  },
};
