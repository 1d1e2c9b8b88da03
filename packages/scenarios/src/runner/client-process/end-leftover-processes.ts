import {
  describeProcess,
  leftAround,
  markedProcesses,
  type ProcessInfo,
  processTable,
} from './process-tree.js';

/** How often the sweep looks again while leftovers may still be exiting, ms. */
const POLL_MS = 25;

/** Options of {@link endLeftoverProcesses}. */
export interface LeftoverOptions {
  /** How long leftovers get to exit by themselves before they are killed, ms of wall time (default 1000). */
  graceMs?: number;
  /**
   * Processes seen around `root` earlier (e.g. before a program exited, which orphans its
   * descendants): each still alive under the same pid and command counts as a leftover too.
   */
  seen?: readonly ProcessInfo[];
  /** Processes that were already there when the cell started (not the cell's leftovers), by pid. */
  before?: ReadonlySet<number>;
  /** Server processes toolshift served the cell with (stdio relays): they end with the cell's servers, never a leftover. */
  ours?: readonly number[];
  /**
   * The `CLIENT_MARK_ENV` value `root` was started with: a live process carrying it counts as a
   * leftover too, wherever it went (its own session, reparented to init).
   */
  mark?: string;
}

/**
 * Ends what a client's process left behind when its cell ends: every other member of the process
 * group `root` leads and every descendant of `root` (see {@link leftAround}), but those already
 * there when the cell started (`before`: e.g. the esbuild service of a process that loads
 * TypeScript), and every process that inherited `root`'s `mark` wherever it went. Leftovers get
 * `graceMs` to exit by themselves (a stdio server the client spawned exits once the cell's servers
 * close), then each is killed with SIGKILL, its whole group too when it leads one.
 * @returns one line per process that had to be killed (`pid 123 (sleep)`), for a harness warning;
 *   empty when nothing was left, or when this machine offers no process table (then only the group
 *   is killed, if `root` is gone).
 */
export async function endLeftoverProcesses(root: number, options: LeftoverOptions = {}): Promise<string[]> {
  const deadline = Date.now() + (options.graceMs ?? 1000);
  const seen = new Map((options.seen ?? []).map((info) => [info.pid, info]));
  if (options.mark !== undefined)
    for (const info of await markedProcesses(options.mark)) if (!seen.has(info.pid)) seen.set(info.pid, info);
  for (;;) {
    const table = await processTable();
    if (!table) {
      killGroup(root);
      return [];
    }
    const left = new Map(leftAround(table, root).map((info) => [info.pid, info]));
    for (const row of table) {
      const before = seen.get(row.pid);
      if (before && before.command === row.command && row.pid !== root) left.set(row.pid, row);
    }
    for (const pid of [...(options.before ?? []), ...(options.ours ?? [])]) left.delete(pid);
    if (left.size === 0) return [];
    if (Date.now() >= deadline) {
      for (const info of left.values()) {
        if (info.pgid === info.pid) killGroup(info.pid);
        try {
          process.kill(info.pid, 'SIGKILL');
        } catch {
          // gone meanwhile
        }
      }
      if (!isAlive(root)) killGroup(root);
      return [...left.values()].map(describeProcess);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** SIGKILL to every process of group `pgid` (nothing when it is empty). */
export function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // an empty group
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
