/**
 * Exit codes of the `toolshift` CLI:
 * - `ok` 0: the results match the baseline (`run`), the replayed property holds (`replay`), or the
 *   command did what was asked;
 * - `mismatch` 1: an unexpected failure, a stale baseline entry or a harness error (`run`); the
 *   recorded failure reproduces (`replay`);
 * - `usage` 2: bad command line or input file (unknown option, command, client, scenario; invalid
 *   scenario, script or baseline; unwritable output path; a filter selecting no cell);
 * - `internal` 3: toolshift itself crashed (a bug: please report it with the printed stack);
 * - `inconclusive` 4: `replay` could not replay the recorded interleaving against this client, so
 *   the run says nothing about the recorded failure.
 */
export const EXIT = { ok: 0, mismatch: 1, usage: 2, internal: 3, inconclusive: 4 } as const;
