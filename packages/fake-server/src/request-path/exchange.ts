import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { AnswerPayload, EraOutcome, EraRequest } from '../eras/era.js';
import type { Classified } from '../eras/json-rpc.js';
import type { WireRequest } from '../exchange/wire-request.js';
import type { WireResponse } from '../exchange/wire-response.js';
import type { ArmedFault } from '../faults/fault-plan.js';
import type { FrameContext } from '../transcript/recorder.js';
import type { Authentication } from '../world/principal.js';

/**
 * One request on its way along the request path: what each stage found out about it, and, once a
 * stage answered it, the answer. Stages fill it in order; later stages read what earlier ones set.
 */
export interface Exchange {
  readonly request: WireRequest;
  /** Where its frames belong (era, stream, principal, session, fault). */
  frame: FrameContext;
  /** The classified JSON-RPC message; absent for a bodiless GET/DELETE or a body that did not parse. */
  classified?: Classified;
  message?: JSONRPCMessage;
  /** Who the request is made as, or why it is not authenticated. */
  authentication?: Authentication;
  /** The armed fault this request hit. */
  fault?: ArmedFault;
  /** The request as the era engine sees it (built once the request is authenticated). */
  eraRequest?: EraRequest;
  /** What the era engine did with it. */
  outcome?: EraOutcome;
  /** The answer: set by the stage that answered (an engine, a refusal, a fault). */
  response?: WireResponse;
  /** The answer written on the request's own SSE stream, after distortion. */
  payload?: AnswerPayload;
  /** True once the outbound frame is recorded (a distortion that cut a stream records it itself). */
  recorded?: boolean;
  /** True for a request of a method its era does not answer itself (see the foreign-method stage). */
  foreign?: boolean;
}

/** The tool a `tools/call` names, for fault targets and trigger counts. */
export function toolOf(classified: Classified | undefined): string | undefined {
  if (classified?.kind !== 'request') return undefined;
  const name = classified.params?.name;
  return classified.method === 'tools/call' && typeof name === 'string' ? name : undefined;
}

/** The request id of a classified request, for error bodies. */
export function requestIdOf(exchange: Exchange): string | number | undefined {
  return exchange.classified?.kind === 'request' ? exchange.classified.id : undefined;
}
