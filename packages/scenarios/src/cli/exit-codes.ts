/**
 * Exit codes of the `toolshift` CLI:
 * - `ok` 0: the results match the baseline (`run`), the replayed property holds (`replay`), or the
 *   command did what was asked;
 * - `mismatch` 1: an unexpected failure, a stale baseline entry or a harness error (`run`), or a
 *   report that could not be written to its path at the run's end (written to a temp file instead); the
 *   recorded failure reproduces (`replay`);
 * - `usage` 2: bad command line or input file (unknown option, command, client, scenario; invalid
 *   scenario, script or baseline; unwritable output path; a filter selecting no cell);
 * - `internal` 3: toolshift itself crashed (a bug: please report it with the printed stack);
 * - `inconclusive` 4: nothing was judged. `run`: no cell passed or failed (every cell was `n/a`,
 *   e.g. the client cannot connect over the selected transport, or `inconclusive`: every check
 *   lacked what it judges); the last line of the table names why. `replay`: the recorded
 *   interleaving does not fit this client, so the run says nothing about the recorded failure.
 * - `interrupted` 130 (128 + SIGINT): `run` was stopped with Ctrl-C; the reports were written with
 *   the cells that had finished, and say the run was interrupted;
 * - `terminated` 143 (128 + SIGTERM): the same for SIGTERM (e.g. a cancelled CI job);
 * - `inspectorSignal` 138 (128 + SIGUSR1): `run` was stopped because a process sent toolshift the
 *   signal that opens Node's inspector (see `process-guard.ts`); the reports say so.
 */
export const EXIT = {
  ok: 0,
  mismatch: 1,
  usage: 2,
  internal: 3,
  inconclusive: 4,
  interrupted: 130,
  inspectorSignal: 138,
  terminated: 143,
} as const;
