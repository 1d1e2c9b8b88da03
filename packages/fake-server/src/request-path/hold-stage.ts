import type { Exchange } from './exchange.js';
import type { ServerParts } from './server-parts.js';

/**
 * What the hold stage decided: deliver the answer now (`deliver`), give up on it (`abandoned`: a hang,
 * or a delay cancelled by close/reset/restart; the transport gets 503), or answer now with the
 * request's already open SSE stream and write the answer on it later (`detached`).
 */
export type HoldOutcome = 'deliver' | 'abandoned' | 'detached';

/**
 * Hold: a `hang` fault, or a scripted `unanswered`, holds the request until the server closes; a
 * `delay` fault holds the answer for its wall or logical time; a scripted `holdUntil` holds it until
 * that step ran (the answer itself was chosen when the request arrived). An answer travelling on
 * its own SSE stream is not held back: the stream opens now and `later` delivers the answer on it
 * once the hold is over.
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
  const scripted = exchange.outcome?.hold;
  const holds: Array<() => Promise<'released' | 'cancelled'>> = [];
  if (scripted && 'forever' in scripted) {
    server.recorder.note('the script leaves this request unanswered', exchange.frame);
    holds.push(() => server.holds.hang());
  } else if (scripted) {
    server.recorder.note(`answer held until step '${scripted.untilStep}' ran`, exchange.frame);
    holds.push(() => server.holds.until(server.steps.whenRan(scripted.untilStep)));
  }
  if (fault?.kind === 'delay') holds.push(() => server.holds.delay(fault));
  if (holds.length === 0) return 'deliver';
  const waitAll = async (): Promise<'released' | 'cancelled'> => {
    for (const hold of holds) if ((await hold()) === 'cancelled') return 'cancelled';
    return 'released';
  };
  if (exchange.outcome?.deferred) {
    void waitAll().then((outcome) => {
      if (outcome === 'released') later();
    });
    return 'detached';
  }
  return (await waitAll()) === 'cancelled' ? 'abandoned' : 'deliver';
}
