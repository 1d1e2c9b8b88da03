import { availableParallelism } from 'node:os';

/**
 * Cells per core {@link machineConcurrency} allows when a client may run in its own process: a
 * cell mostly waits on its client (~6% of a core). Eight per core was tried: under load a client
 * in its own process (a module client, a `command:` program) then missed a scenario's wall-clock
 * bound that it meets alone (a re-list 3.5 s after its notification, bound 2 s) — a false verdict,
 * which costs more than wall time.
 */
const CELLS_PER_CORE = 4;

/**
 * Cells per core when every client runs inside toolshift's process (the reference client, the SDK
 * client, the defect and corpus variants): their timers run on the runner's own event loop, whose
 * stalls no bound or quiet period counts, so more cells at once cannot make one miss a bound it
 * meets alone. The main job (1,148 cells) at 4, 8, 12, 16 and 24 per core on 2 cores under load:
 * identical verdicts in every cell; wall time 112 s at 4, 61–65 s from 12 up (CPU-bound there).
 * Quiet, same machine: 39.6 s at 12 per core, 27.4–28.4 s at 24, 27.2 s at 32, 33.0 s at 48 (the
 * cells expected to fail spend their time waiting out bounds, so more of them overlap the CPU-bound
 * ones until garbage collection of that many live cells costs more than the overlap saves);
 * identical verdicts at every setting quiet, and at 24 per core with a core kept busy (43.0 s).
 */
const IN_PROCESS_CELLS_PER_CORE = 24;

/**
 * The most cells at once on any machine, for clients that may run in their own processes and for
 * in-process ones: past it the event loop's latency grows faster than throughput.
 */
const MAX_CELLS_AT_ONCE = { any: 32, 'in-process': 64 } as const;

/**
 * How many cells `toolshift run` runs at once by default: per core the process may use, 4 (or 24
 * when every client runs in this process, `clients: 'in-process'`), at least 4 and at most 32 (64). A
 * cell spends most of its wall time waiting (quiet periods, the client's own timers), so more cells
 * than cores keep the machine busy; the cap keeps the event loop responsive enough that a client's
 * timing is its own, not the harness's (bounds and quiet periods leave out event-loop stalls in any
 * case).
 */
export function machineConcurrency(
  cores = availableParallelism(),
  clients: 'in-process' | 'any' = 'any',
): number {
  const perCore = clients === 'in-process' ? IN_PROCESS_CELLS_PER_CORE : CELLS_PER_CORE;
  return Math.min(MAX_CELLS_AT_ONCE[clients], Math.max(4, cores * perCore));
}
