/**
 * The discovery state machine as a table: event builders, `play` (a sequence of events from the
 * initial state) and `checkRows`, shared by the transition tests in `src/discovery-machine/`.
 */
import { expect, it } from 'vitest';
import type { ListKind } from '../../src/discovery-machine/list-kind.js';
import type { DiscoveryEffect } from '../../src/discovery-machine/machine-effect.js';
import type { DiscoveryEvent, ListCapability } from '../../src/discovery-machine/machine-event.js';
import { DEFAULT_MACHINE_POLICY, type MachinePolicy } from '../../src/discovery-machine/machine-policy.js';
import { initialMachineState, type MachineState } from '../../src/discovery-machine/machine-state.js';
import { transition } from '../../src/discovery-machine/transition.js';
import type { DiscoveryFailure } from '../../src/errors/discovery-failure.js';

export const policy: MachinePolicy = {
  ...DEFAULT_MACHINE_POLICY,
  maxRelists: 2,
  relistBurst: 2,
  stormThreshold: 3,
};

export type Body = DiscoveryEvent extends infer E ? (E extends unknown ? Omit<E, 'atMs'> : never) : never;
export type Step = Body | { at: number; event: Body };

export const caps = (tools: Partial<ListCapability> | null = { listChanged: true }) => ({
  tools: tools ? { supported: true, listChanged: false, ...tools } : { supported: false, listChanged: false },
  prompts: { supported: false, listChanged: false },
  resources: { supported: false, listChanged: false },
});
export const failure = (kind: DiscoveryFailure['kind'], reason: string): DiscoveryFailure => ({
  kind,
  reason,
  message: reason,
  atMs: 0,
});

// Building blocks of the rows: named events.
export const refresh = (reason = 'initial'): Body => ({ type: 'refresh', list: 'tools', reason });
export const signal = (reason = 'list-changed'): Body => ({ type: 'signal', lists: ['tools'], reason });
export const opened = (generation: number, era: 'legacy' | 'modern', tools = caps()): Body => ({
  type: 'opened',
  generation,
  era,
  protocolRevision: era === 'legacy' ? '2025-11-25' : '2026-07-28',
  capabilities: tools,
});
export const subscribed = (generation: number, tools: boolean): Body => ({
  type: 'subscribed',
  generation,
  honored: { tools },
});
export const listed = (listingId: number, warnings: string[] = []): Body => ({
  type: 'listed',
  list: 'tools',
  listingId,
  source: 'server',
  expired: false,
  warnings,
});
export const listFailed = (listingId: number, what: DiscoveryFailure): Body => ({
  type: 'list-failed',
  list: 'tools',
  listingId,
  failure: what,
});
export const streamEnded = (
  generation: number,
  cause: 'remote-close' | 'size-limit' | 'protocol-error',
): Body => ({
  type: 'stream-ended',
  generation,
  cause,
  stream: 'listen',
});

/** A legacy server connected (generation 1) with its first listing (id 1) installed. */
export const READY_LEGACY: Step[] = [refresh(), opened(1, 'legacy'), listed(1)];
/** A modern server listening (generation 1), first listing (id 1) installed. */
export const READY_MODERN: Step[] = [refresh(), opened(1, 'modern'), subscribed(1, true), listed(1)];

export function play(
  steps: readonly Step[],
  from?: MachineState,
): { state: MachineState; effects: DiscoveryEffect[] } {
  let state = from ?? initialMachineState(['tools'] as ListKind[], 0, policy.relistBurst);
  let effects: DiscoveryEffect[] = [];
  for (const step of steps) {
    const { at, event } = 'event' in step ? step : { at: 0, event: step };
    ({ state, effects } = transition(state, { ...event, atMs: at } as DiscoveryEvent, policy));
  }
  return { state, effects };
}

/** One row: from the state `given` leads to, `when` happens; `then` the state and the effects. */
export interface Row {
  name: string;
  given: Step[];
  when: Step;
  state: (state: MachineState) => void;
  effects: Array<Partial<DiscoveryEffect> & { type: DiscoveryEffect['type'] }>;
}

export const tools = (state: MachineState) => state.lists.tools!;

/** Checks each row: from the state `given` leads to, `when` gives `state` and `effects`, and the old state is untouched. */
export function checkRows(rows: readonly Row[]): void {
  it.each(rows.map((row) => [row.name, row] as const))('%s', (_name, row) => {
    const before = play(row.given).state;
    const frozen = JSON.stringify(before);
    const { state, effects } = play([row.when], before);
    row.state(state);
    expect(effects).toEqual(row.effects.map((effect) => expect.objectContaining(effect)));
    expect(JSON.stringify(before)).toBe(frozen); // pure: the old state is untouched
  });
}
