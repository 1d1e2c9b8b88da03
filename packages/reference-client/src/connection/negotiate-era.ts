import {
  closedError,
  probeFallbackReason,
  refusedAsModernOnly,
  sessionLostError,
} from './connection-errors.js';
import type { EraPreference } from './era-preference.js';

/** How {@link negotiateEra} connects, starts over and learns what happened meanwhile. */
export interface NegotiationSteps {
  /** The era preference of the first attempt (only `auto` falls back). */
  era: EraPreference;
  /** Connects the current client and transport (handshake included). */
  attempt(): Promise<void>;
  /** Closes the current client after a failed attempt. */
  abandon(): Promise<void>;
  /** Builds a fresh client and transport pinned to `era`. */
  rebuild(era: 'legacy' | 'modern'): void;
  /** Records why negotiation fell back (`probe-timeout`, `http-503`, …, then `…, then modern-only`). */
  fellBack(reason: string): void;
  /** Whether the host closed the connection meanwhile. */
  closed(): boolean;
  /** Whether the server forgot the legacy session meanwhile (HTTP 404). */
  lost(): boolean;
}

/**
 * Connects and negotiates the era. With `era: 'auto'`, a `server/discover` probe that is not
 * answered in time, or is answered with an HTTP error status or an unusable reply, or whose stdio
 * process exits, falls back to `initialize` on a fresh transport; a modern-only server refusing
 * `initialize` (-32022 naming its versions) then gets one more connect pinned to 2026-07-28 (the
 * probe was only slow). An auth wall (401/403) or an unreachable server never falls back.
 * @throws {ClassifiedError} `host-closed` when the host closed meanwhile; `session-lost` when the
 * server forgot the legacy session during the handshake; otherwise whatever the SDK throws.
 * @see ../shared/spec/mcp-discovery-spec.md §1.4
 */
export async function negotiateEra(steps: NegotiationSteps): Promise<void> {
  try {
    await steps.attempt();
  } catch (error) {
    await steps.abandon();
    if (steps.closed()) throw closedError(error);
    if (steps.lost()) throw sessionLostError(error);
    const reason = steps.era === 'auto' ? probeFallbackReason(error) : undefined;
    if (reason === undefined) throw error;
    steps.fellBack(reason);
    steps.rebuild('legacy');
    try {
      await steps.attempt();
    } catch (retryError) {
      await steps.abandon();
      if (steps.closed()) throw closedError(retryError);
      if (steps.lost()) throw sessionLostError(retryError);
      if (!refusedAsModernOnly(retryError)) throw retryError;
      steps.fellBack(`${reason}, then modern-only`);
      steps.rebuild('modern');
      try {
        await steps.attempt();
      } catch (modernError) {
        await steps.abandon();
        if (steps.closed()) throw closedError(modernError);
        throw modernError;
      }
    }
  }
}
