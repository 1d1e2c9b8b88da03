import type { TimerDelay } from '../discovery-machine/machine-effect.js';
import type { TimerName } from '../discovery-machine/machine-event.js';
import { backoffDelayMs } from '../freshness/backoff.js';
import type { DiscoveryScope } from './discovery-scope.js';

/**
 * The machine's `set-timer` and `cancel-timer` effects: one host-clock timer per {@link TimerName},
 * its delay fixed, an interval with jitter, or a backoff step; a timer that fires is a `timer`
 * event. The legacy GET stream never reconnects sooner than the server's SSE `retry` asks.
 */
export class TimerEffects {
  private readonly timers = new Map<TimerName, () => void>();
  /** The delay the SDK suggested for the legacy GET stream's reconnect (the server's SSE `retry`). */
  private suggestedReconnectMs = 0;

  constructor(private readonly scope: DiscoveryScope) {}

  /** The SDK suggested a reconnect delay for the legacy GET stream, ms. */
  suggestReconnect(delayMs: number): void {
    this.suggestedReconnectMs = delayMs;
  }

  set(timer: TimerName, delay: TimerDelay): void {
    const { host } = this.scope;
    this.timers.get(timer)?.();
    const { backoff } = host.polling;
    const random = () => host.clock.random();
    let delayMs =
      delay.kind === 'backoff'
        ? backoffDelayMs(backoff, delay.attempt, random)
        : delay.kind === 'interval'
          ? Math.round(delay.ms * (1 - backoff.jitter * random()))
          : delay.ms;
    if (timer === 'resubscribe' && this.scope.machine().stream.kind === 'legacy-get') {
      delayMs = Math.max(delayMs, this.suggestedReconnectMs);
    }
    const cancel = host.clock.setTimer(() => {
      if (this.timers.get(timer) !== cancel) return;
      this.timers.delete(timer);
      this.scope.dispatch({ type: 'timer', timer });
    }, delayMs);
    this.timers.set(timer, cancel);
  }

  cancel(timer: TimerName): void {
    this.timers.get(timer)?.();
    this.timers.delete(timer);
  }
}
