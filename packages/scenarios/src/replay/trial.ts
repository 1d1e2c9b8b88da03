import type { Era, ScriptDocument } from '@toolshift/fake-server';

/** One client connection of a trial: a server id on the client side, and who it authenticates as. */
export interface TrialConnection {
  serverId: string;
  /** The principal the fake server maps `bearerToken` to (`anonymous` without one). */
  principal: string;
  bearerToken?: string;
  /** The client may adopt a listing it cached for this connection earlier (a host caching across sessions). */
  reuseCache?: boolean;
  /** Connect when the trial starts (default); `false` waits for a `connect` event in the timeline. */
  connectAtStart?: boolean;
}

/**
 * One thing that happens during a trial, besides the network. The scheduler interleaves these, in
 * order, with every request, response and stream event:
 * - `step`: the fake server applies a script step (a catalog change, a stream drop, a restart…);
 * - `advance`: `ms` of time pass, for the server's logical clock and the client's timers alike;
 * - `call`: the caller (a model, the user) asks the client to call a tool with these arguments;
 * - `grant`: the user sets a standing "always allow" rule for one tool identity;
 * - `connect`: a connection not connected at the start connects now.
 */
export type TimelineEvent =
  | { do: 'step'; step: string }
  | { do: 'advance'; ms: number }
  | { do: 'call'; serverId: string; tool: string; arguments: Record<string, unknown> }
  | { do: 'grant'; serverId: string; tool: string }
  | { do: 'connect'; serverId: string };

/**
 * A trial: everything needed to replay one run of a client against the fake server except the
 * interleaving (which the scheduler supplies, or a replay file records). Plain data.
 */
export interface Trial {
  era: Era;
  /** The server side, in the script format (steps named by the timeline use the `manual` trigger). */
  script: ScriptDocument;
  connections: TrialConnection[];
  timeline: TimelineEvent[];
  /**
   * When the timeline starts: with the trial (`start`, default: races with the client's initial
   * discovery, the LC-04 startup race), or once the client first exposes tools (`first-exposure`).
   */
  timelineFrom?: 'start' | 'first-exposure';
  /** Identities the user refuses when the client asks (every other question gets a yes). */
  refuse?: Array<{ serverId: string; tool: string }>;
  /** Seed for the client's randomness (jitter). */
  seed: number;
  /** Virtual time the client gets to settle after the timeline, ms (default 12,000). */
  settleMs?: number;
}

/** Describes a timeline event in a few words (task labels, reports). */
export function describeEvent(event: TimelineEvent): string {
  switch (event.do) {
    case 'step':
      return `step ${event.step}`;
    case 'advance':
      return `advance ${event.ms} ms`;
    case 'call':
      return `call ${event.serverId}/${event.tool} ${JSON.stringify(event.arguments)}`;
    case 'grant':
      return `grant ${event.serverId}/${event.tool}`;
    case 'connect':
      return `connect ${event.serverId}`;
  }
}
