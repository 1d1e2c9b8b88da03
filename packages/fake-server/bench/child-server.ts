import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** A server running in its own process (so the load generator does not share its thread). */
export interface ChildServer {
  url: string;
  pid: number;
  /** Resident set size now and at its peak, bytes (Linux /proc). */
  rss(): { rssBytes: number; peakRssBytes: number };
  /** CPU time the process has used so far (user + system, every thread), ms (Linux /proc). */
  cpuMs(): number;
  stop(): Promise<void>;
}

/**
 * Spawns `node <args>` and waits for the first stdout line that contains an `http://` URL.
 * @throws {Error} when the process exits before printing one.
 */
export async function spawnServer(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<ChildServer> {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const match = /(http:\/\/\S+)/.exec(line);
      if (match) {
        lines.close();
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`server ${args.join(' ')} exited with ${code}`)));
  });
  return {
    url,
    pid: child.pid!,
    rss() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
      return { rssBytes: kb('VmRSS'), peakRssBytes: kb('VmHWM') };
    },
    cpuMs() {
      // Fields 14 and 15 of /proc/<pid>/stat (utime, stime), in clock ticks (100 per second on Linux).
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.stdin?.end();
        child.kill('SIGTERM');
      }),
  };
}
