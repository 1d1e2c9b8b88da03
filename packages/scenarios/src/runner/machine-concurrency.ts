import { availableParallelism } from 'node:os';

/**
 * Cells per core {@link machineConcurrency} allows: a cell mostly waits on its client (~6% of a
 * core). Eight per core was tried: under load a client in its own process (a module client, a
 * `command:` program) then missed a scenario's wall-clock bound that it meets alone (a re-list
 * 3.5 s after its notification, bound 2 s) — a false verdict, which costs more than wall time.
 */
const CELLS_PER_CORE = 4;

/**
 * How many cells `toolshift run` runs at once by default: 4 per core the process may use, at least
 * 4 and at most 32. A cell spends most of its wall time waiting (quiet periods, the client's own
 * timers), so more cells than cores keep the machine busy; the cap keeps the event loop responsive
 * enough that a client's timing is its own, not the harness's (bounds and quiet periods leave out
 * event-loop stalls in any case).
 */
export function machineConcurrency(cores = availableParallelism()): number {
  return Math.min(32, Math.max(4, cores * CELLS_PER_CORE));
}
