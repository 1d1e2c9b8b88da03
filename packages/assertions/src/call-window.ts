import type { Observation } from './run-record.js';

type Exposure = Extract<Observation, { kind: 'exposure' }>;

/**
 * The exposures a call may have been made against: the one in force when the call was handed to
 * the client (the last one recorded before `opensAt`; every one recorded at `opensAt` too, since
 * observations at the same transcript position cannot be ordered against the call's start) and
 * every newer one before the request reached the server (`beforeSeq`).
 */
export function callWindow(exposures: readonly Exposure[], opensAt: number, beforeSeq: number): Exposure[] {
  const earlier = exposures.filter((e) => e.afterSeq < opensAt).slice(-1);
  return [...earlier, ...exposures.filter((e) => e.afterSeq >= opensAt && e.afterSeq < beforeSeq)];
}
