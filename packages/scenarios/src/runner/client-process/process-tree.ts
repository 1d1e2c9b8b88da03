import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { printable } from './plain-data.js';

/** One process of the machine, as far as toolshift needs it. */
export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** Process group id. */
  pgid: number;
  /** The executable's name (`comm`), for messages. */
  command: string;
}

/** Reads `/proc/<pid>/stat` (Linux): pid, state, ppid, pgrp; `undefined` for a zombie or a process gone meanwhile. */
async function procStat(pid: string): Promise<ProcessInfo | undefined> {
  let text: string;
  try {
    text = await readFile(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // `pid (comm) state ppid pgrp …`: comm may hold spaces and parentheses, so split after the last ')'.
  const close = text.lastIndexOf(')');
  const command = text.slice(text.indexOf('(') + 1, close);
  const [state, ppid, pgid] = text
    .slice(close + 2)
    .split(' ')
    .slice(0, 3);
  if (state === 'Z' || state === 'X') return undefined;
  return { pid: Number(pid), ppid: Number(ppid), pgid: Number(pgid), command };
}

/** The process ids `/proc` lists (Linux). @throws when `/proc` cannot be read. */
async function procPids(): Promise<string[]> {
  return (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
}

/**
 * Every live process of the machine (zombies left out): from `/proc` on Linux, else from
 * `ps -A -o pid=,ppid=,pgid=,comm=` (macOS, BSD). `undefined` where neither works (Windows, or a
 * container without `/proc` and `ps`).
 */
export async function processTable(): Promise<ProcessInfo[] | undefined> {
  if (process.platform === 'win32') return undefined;
  if (process.platform === 'linux') {
    try {
      const rows = await Promise.all((await procPids()).map(procStat));
      return rows.filter((row): row is ProcessInfo => row !== undefined);
    } catch {
      // fall through to ps
    }
  }
  return new Promise((resolve) => {
    execFile('ps', ['-A', '-o', 'pid=,ppid=,pgid=,stat=,comm='], { timeout: 5000 }, (error, stdout) => {
      if (error) return resolve(undefined);
      const rows: ProcessInfo[] = [];
      for (const line of stdout.split('\n')) {
        const match = /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line);
        if (!match || match[4]!.startsWith('Z')) continue;
        rows.push({
          pid: Number(match[1]),
          ppid: Number(match[2]),
          pgid: Number(match[3]),
          command: match[5]!,
        });
      }
      resolve(rows);
    });
  });
}

/**
 * The processes `root` left around it: every member of its process group (`pgid` = `root`, the
 * group a detached spawn of `root` leads) and every descendant of `root` by parent pid (which
 * finds those that left the group with `setsid` while their parent lives), `root` itself excluded.
 */
export function leftAround(table: readonly ProcessInfo[], root: number): ProcessInfo[] {
  const children = new Map<number, ProcessInfo[]>();
  for (const row of table) children.set(row.ppid, [...(children.get(row.ppid) ?? []), row]);
  const found = new Map<number, ProcessInfo>();
  const queue = [...(children.get(root) ?? [])];
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (found.has(next.pid)) continue;
    found.set(next.pid, next);
    queue.push(...(children.get(next.pid) ?? []));
  }
  for (const row of table) if (row.pgid === root && row.pid !== root) found.set(row.pid, row);
  found.delete(root);
  return [...found.values()];
}

/**
 * The environment variable every client process and client program toolshift starts is given, with
 * a value of its own: what they start inherits it, so a process that left the client's process
 * group and tree (`setsid` in a child that exits at once) is still found by its environment,
 * unless it cleared that too.
 */
export const CLIENT_MARK_ENV = 'TOOLSHIFT_CLIENT_MARK';

/**
 * The live processes whose environment holds `CLIENT_MARK_ENV=mark` (Linux, `/proc/<pid>/environ`,
 * readable for the user's own processes); empty elsewhere.
 */
export async function markedProcesses(mark: string): Promise<ProcessInfo[]> {
  if (process.platform !== 'linux') return [];
  const entry = `${CLIENT_MARK_ENV}=${mark}`;
  const pids = await procPids().catch((): string[] => []);
  const found = await Promise.all(
    pids.map(async (pid) => {
      try {
        const environ = (await readFile(`/proc/${pid}/environ`, 'latin1')).split('\0');
        return environ.includes(entry) ? await procStat(pid) : undefined;
      } catch {
        return undefined; // another user's process, or gone meanwhile
      }
    }),
  );
  return found.filter((row): row is ProcessInfo => row !== undefined);
}

/** `pid 123 (sleep)`, for a harness warning. */
export function describeProcess(info: ProcessInfo): string {
  return `pid ${info.pid} (${printable(info.command)})`;
}
