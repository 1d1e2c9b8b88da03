import { type ExpectedFailures, findExpectedFailure } from '../baseline/expected-failures.js';
import type { Scenario } from '../scenario.js';
import type { Cell } from './cell.js';

/** The bounds {@link estimateCellMs} prices a cell's waits with, ms (the runner's defaults when absent). */
export interface CellCostBounds {
  settleTimeoutMs?: number;
  quietMs?: number;
  waitTimeoutMs?: number;
}

/** A connection and its first listing, before any wait: the fixed part of every executed cell, ms. */
const CONNECT_MS = 150;
/** Listing, hashing and exposing one catalog tool, ms (a 10,000-tool catalog takes seconds). */
const PER_TOOL_MS = 0.5;

/**
 * A rough wall-time price of one cell, ms, for ordering only (never a bound, never judged): every
 * settle waits its quiet period; a cell the baseline expects to fail is priced as if each of its
 * settles and waits ran out its bound (a client that does not converge waits them out, e.g. 12 s
 * for `rc-05-restart-keeps-old-tools` against the SDK client); large catalogs add listing time.
 */
export function estimateCellMs(
  scenario: Scenario,
  cell: Cell,
  baseline: ExpectedFailures | undefined,
  bounds: CellCostBounds = {},
): number {
  const settleTimeoutMs = bounds.settleTimeoutMs ?? 4000;
  const quietMs = bounds.quietMs ?? 150;
  const waitTimeoutMs = bounds.waitTimeoutMs ?? 4000;
  const failing = findExpectedFailure(baseline, cell) !== undefined;
  let cost = CONNECT_MS * scenario.servers.length;
  for (const action of scenario.clientActions) {
    if (action.do === 'settle')
      cost += failing ? (action.timeoutMs ?? settleTimeoutMs) : (action.quietMs ?? quietMs);
    else if (action.do === 'wait-for' && failing) cost += action.timeoutMs ?? waitTimeoutMs;
  }
  for (const server of scenario.servers) cost += (server.script?.catalog?.tools?.length ?? 0) * PER_TOOL_MS;
  return cost;
}

/**
 * The indices of `cells` in the order to start them: the most expensive first (by `cost`), ties in
 * cell order, so the longest cells do not start last and leave the run waiting on one of them.
 * The order of starts never changes a cell's verdict (each cell has its own servers and client).
 */
export function longestFirst(cells: readonly Cell[], cost: (cell: Cell) => number): number[] {
  const costs = cells.map(cost);
  return cells.map((_, index) => index).sort((a, b) => costs[b]! - costs[a]! || a - b);
}
