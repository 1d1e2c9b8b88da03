import type { Exchange } from './exchange.js';
import type { ServerParts } from './server-parts.js';

/**
 * What the hold stage decided: deliver the answer now (`deliver`), give up on it (`abandoned`: a hang,
 * or a delay cancelled by close/reset/restart; the transport gets 503), or answer now with the
 * request's already open SSE stream and write the answer on it later (`detached`).
 */
export type HoldOutcome = 'deliver' | 'abandoned' | 'detached';

/**
 * Hold: a `hang` fault holds the request until the server closes; a `delay` fault holds the answer
 * for its wall or logical time. An answer travelling on its own SSE stream is not held back: the
 * stream opens now and `later` delivers the answer on it once the delay is over.
 */
export async function holdStage(
  exchange: Exchange,
  server: ServerParts,
  later: () => void,
): Promise<HoldOutcome> {
  const fault = exchange.fault?.fault;
  if (fault?.kind === 'hang') {
    await server.holds.hang();
    return 'abandoned';
  }
  if (fault?.kind !== 'delay') return 'deliver';
  if (exchange.outcome?.deferred) {
    void server.holds.delay(fault).then((outcome) => {
      if (outcome === 'released') later();
    });
    return 'detached';
  }
  return (await server.holds.delay(fault)) === 'cancelled' ? 'abandoned' : 'deliver';
}
