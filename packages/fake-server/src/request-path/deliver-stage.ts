import type { WireResponse } from '../exchange/wire-response.js';
import type { Exchange } from './exchange.js';
import { toolOf } from './exchange.js';
import type { ServerParts } from './server-parts.js';
import { UNAVAILABLE } from './unavailable.js';

/**
 * Deliver: writes a deferred answer on its stream or records the JSON answer, then counts the
 * request as answered (`afterRequests` triggers) and a served page (`betweenPages` triggers, page
 * mutations) — only for an answer below 400 the script's faults did not replace or distort.
 */
export function deliverStage(exchange: Exchange, server: ServerParts): WireResponse {
  const response = exchange.response ?? UNAVAILABLE;
  const { outcome, classified } = exchange;
  if (outcome?.deferred && exchange.payload) outcome.deferred.write(exchange.payload);
  else if (!exchange.recorded) server.recorder.outbound(exchange.frame, response);
  exchange.recorded = true;
  if (classified?.kind === 'request' && response.status < 400 && !exchange.frame.fault) {
    server.scheduler.requestAnswered(classified.method, toolOf(classified));
    if (outcome?.pageServed !== undefined)
      server.steps.pageServed(outcome.pageServed.page, outcome.pageServed.list);
  }
  return response;
}
