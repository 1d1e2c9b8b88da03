import type { WireResponse } from '../exchange/wire-response.js';
import type { Exchange } from './exchange.js';
import { toolOf } from './exchange.js';
import type { ServerParts } from './server-parts.js';
import { UNAVAILABLE } from './unavailable.js';

/**
 * Deliver: writes a deferred answer on its stream or records the JSON answer (a refused notification
 * on a stdio or in-memory channel gets no answer at all: JSON-RPC never answers one), then counts the
 * request as answered (`afterRequests` triggers) and a served page (`betweenPages` triggers, page
 * mutations) — only for an answer below 400 the script's faults did not replace or distort, or, for a
 * request of a method its era does not answer (the foreign-method stage), for any answer.
 */
export function deliverStage(exchange: Exchange, server: ServerParts): WireResponse {
  const { outcome, classified } = exchange;
  let response = exchange.response ?? UNAVAILABLE;
  if (
    classified !== undefined &&
    classified.kind !== 'request' &&
    exchange.request.httpMethod === undefined &&
    response.reply.kind === 'message'
  ) {
    // JSON-RPC: a notification (or a response) is never answered. HTTP carries a refusal in its
    // status; on a stdio or in-memory channel the refusal is only recorded.
    const error = (response.reply.message as { error?: { message?: string } }).error;
    server.recorder.note(
      `${classified.kind} refused and not answered on the channel: ${error?.message ?? 'no answer'}`,
      exchange.frame,
    );
    response = { ...response, reply: { kind: 'empty' } };
    exchange.recorded = true;
  }
  if (outcome?.deferred && exchange.payload) outcome.deferred.write(exchange.payload);
  else if (!exchange.recorded) server.recorder.outbound(exchange.frame, response);
  exchange.recorded = true;
  if (
    classified?.kind === 'request' &&
    (response.status < 400 || exchange.foreign) &&
    !exchange.frame.fault
  ) {
    server.scheduler.requestAnswered(classified.method, toolOf(classified), exchange.foreign === true);
    if (outcome?.pageServed !== undefined)
      server.steps.pageServed(outcome.pageServed.page, outcome.pageServed.list);
  }
  return response;
}
