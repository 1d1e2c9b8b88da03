import type { Exchange } from './exchange.js';
import type { RequestStage } from './request-stage.js';
import type { ServerParts } from './server-parts.js';

/**
 * A proxy's stage on the request path, around the accept half: the world answers what it owns
 * (handshake, `tools/list` from the mirrored catalog with its overlays, subscriptions), and the
 * upstream answers what the world relays. The rest of the path (holds, faults, delivery, the
 * transcript, triggers) then treats the upstream's answer like any other.
 */
export interface UpstreamStage {
  /** Binds the stage to freshly built parts (server creation and every `reset()`), before `atStart` steps run. */
  attach(parts: ServerParts): void;
  /**
   * Its stage in the accept half, right after the request is recorded (e.g. it reads the upstream's
   * list again before page 1 of a listing is served). Never rejects.
   */
  readonly acceptStage: RequestStage;
  /** Runs after the accept half: replaces a relayed placeholder answer with the upstream's. Never rejects. */
  after(exchange: Exchange, parts: ServerParts): Promise<void>;
}
