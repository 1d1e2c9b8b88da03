import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { WireRequest } from '../exchange/wire-request.js';
import type { WireResponse } from '../exchange/wire-response.js';
import type { FrameContext, ServerStream } from '../transcript/recorder.js';
import type { Era } from '../transcript/transcript-frame.js';
import type { Principal } from '../world/principal.js';
import type { Classified } from './json-rpc.js';
import type { PageServed } from './method-handler.js';
import type { AnswerHold } from './method-plan.js';
import type { RelayRequest } from './method-relay.js';

/** One request as an era engine sees it. */
export interface EraRequest {
  request: WireRequest;
  /** The classified JSON-RPC message; absent for a bodiless GET/DELETE. */
  classified?: Classified;
  /** Frame context for this exchange (era already set); engines add `sessionId`. */
  frame: FrameContext;
  /** Who the request is made as (already authenticated). */
  principal: Principal;
  /** The RFC 9728 metadata URL for auth challenges; absent on transports without HTTP. */
  resourceMetadataUrl?: string;
  /**
   * Called once the request passed the era's checks, right before its method runs (so
   * `phase: received` steps can act while the request is in flight, e.g. on its open SSE stream).
   */
  onReceived?(): void;
}

/**
 * What an answer writes: the message, text that is not JSON, a frame cut in the middle, or nothing
 * before the stream drops (`message` is the real answer, kept for a `Last-Event-ID` replay).
 */
export type AnswerPayload =
  | { kind: 'message'; message: JSONRPCMessage }
  | { kind: 'raw'; text: string }
  | { kind: 'truncated'; text: string; message: JSONRPCMessage }
  | { kind: 'dropped'; message: JSONRPCMessage };

/**
 * A request answered on its own SSE response stream: the stream is already open (it is the
 * outcome's reply) and the answer still has to be written; `write` writes it and ends the stream.
 */
export interface DeferredAnswer {
  message: JSONRPCMessage;
  stream: ServerStream;
  write(payload: AnswerPayload): void;
}

/** What an engine did with a request, for recording and triggers. */
export interface EraOutcome {
  response: WireResponse;
  /** Legacy session the exchange belonged to, for frame stamping. */
  sessionId?: string;
  /** The page when a listing page was served. */
  pageServed?: PageServed;
  /** Set when the exchange opened a long-lived stream. */
  streamOpened?: { kind: 'listen' | 'get'; streamId: string };
  /** Set when the request is answered on an SSE stream (`streams.postResponse: sse`, or progress first). */
  deferred?: DeferredAnswer;
  /** Set when a script holds the answer (until a step ran, or for ever). */
  hold?: AnswerHold;
  /** Set when the answer is a placeholder for a relayed request's (see `MethodRelay`). */
  relay?: RelayRequest;
}

/**
 * A protocol era's engine: it owns that era's handshake, method registry, change notifications and
 * HTTP rules. A third era is a new folder plus one line in `eras/index.ts`.
 */
export interface EraEngine {
  readonly era: Era;
  /** Answers one request. Never throws: bad input becomes a wire error. */
  handle(request: EraRequest): EraOutcome;
  /**
   * Whether this era answers requests of `method` itself (its handshake or its method registry);
   * requests of any other method are foreign to it: a script's answer or request count for them is
   * applied before the engine (see `request-path/foreign-method-stage.ts`).
   */
  knows(method: string): boolean;
  /**
   * Sends the tools-changed signal on every open stream of this era that should carry it;
   * `audience`, when given, limits it to the principals it returns true for.
   */
  announceToolsChanged(audience?: (principal: Principal) => boolean): void;
  /** Ends every stream of `kind` (`graceful` or `drop`); returns how many ended. */
  endStreams(kind: 'listen' | 'get' | 'all', mode: 'graceful' | 'drop'): number;
  /** Ends every stream (`graceful` or `drop`) and forgets sessions and subscriptions. */
  shutdown(mode: 'graceful' | 'drop'): void;
  /** Number of open long-lived streams. */
  openStreamCount(): number;
}
