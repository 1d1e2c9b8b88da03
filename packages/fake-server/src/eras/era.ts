import type { WireRequest } from '../exchange/wire-request.js';
import type { WireResponse } from '../exchange/wire-response.js';
import type { FrameContext } from '../transcript/recorder.js';
import type { Era } from '../transcript/transcript-frame.js';
import type { Classified } from './json-rpc.js';

/** One request as an era engine sees it. */
export interface EraRequest {
  request: WireRequest;
  /** The classified JSON-RPC message; absent for a bodiless GET/DELETE. */
  classified?: Classified;
  /** Frame context for this exchange (era already set); engines add `sessionId`. */
  frame: FrameContext;
  principal: string;
}

/** What an engine did with a request, for recording and triggers. */
export interface EraOutcome {
  response: WireResponse;
  /** Legacy session the exchange belonged to, for frame stamping. */
  sessionId?: string;
  /** 1-based page number when a `tools/list` page was served. */
  pageServed?: number;
  /** Set when the exchange opened a long-lived stream. */
  streamOpened?: { kind: 'listen' | 'get'; streamId: string };
}

/**
 * A protocol era's engine: it owns that era's handshake, method registry, change notifications and
 * HTTP rules. A third era is a new folder plus one line in `eras/index.ts`.
 */
export interface EraEngine {
  readonly era: Era;
  /** Answers one request. Never throws: bad input becomes a wire error. */
  handle(request: EraRequest): EraOutcome;
  /** Sends the tools-changed signal on every open stream of this era that should carry it. */
  announceToolsChanged(): void;
  /** Ends every stream (`graceful` or `drop`) and forgets sessions and subscriptions. */
  shutdown(mode: 'graceful' | 'drop'): void;
  /** Number of open long-lived streams. */
  openStreamCount(): number;
}
