import type { RequestStage } from './request-stage.js';

/**
 * Engine: the era engine of the request's era answers it (handshake, method registry, HTTP rules).
 * The exchange's frames then carry the legacy session the engine found or created.
 */
export const engineStage: RequestStage = {
  name: 'engine',
  run(exchange, server) {
    if (!exchange.eraRequest) return 'next';
    const engine = server.engines.of(exchange.frame.era === 'legacy' ? 'legacy' : 'modern');
    const outcome = engine.handle(exchange.eraRequest);
    exchange.outcome = outcome;
    exchange.response = outcome.response;
    if (outcome.sessionId) exchange.frame = { ...exchange.frame, sessionId: outcome.sessionId };
    return 'answered';
  },
};
