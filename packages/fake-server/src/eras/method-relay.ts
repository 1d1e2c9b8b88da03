import type { Era } from '../transcript/transcript-frame.js';
import type { Principal } from '../world/principal.js';
import type { HandlerResult } from './method-handler.js';

/**
 * A request an era engine hands on to another server (a proxy's upstream) instead of answering it
 * from the world: the method and params to send there (a renamed tool already mapped back to the
 * upstream's name), the era it travels in and who asked.
 */
export interface RelayRequest {
  method: string;
  params: Record<string, unknown> | undefined;
  era: Era;
  principal: Principal;
}

/**
 * Which requests the era engines relay: consulted before an era's method registry, once the
 * request passed that era's checks (envelope, headers, session, version). A handler it returns runs
 * in the method's place (scripted answers still win, and method scopes still apply); its result
 * carries `relay`, and the request path's upstream stage replaces the placeholder answer with what
 * the upstream answered. Absent on a plain fake server.
 */
export interface MethodRelay {
  /** The handler relaying this request, or `undefined` (the era answers it as usual). */
  handlerFor(request: RelayRequest): (() => HandlerResult) | undefined;
}
