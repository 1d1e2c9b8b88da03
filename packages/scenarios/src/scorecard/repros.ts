import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ToolshiftError } from '@toolshift/fake-server';
import { parse as parseYaml } from 'yaml';
import type { Driver } from './driver-manifest.js';
import { loadLibraryBaseline, REPRO_FILE } from './library-baseline.js';
import { prepareDriver } from './prepare-driver.js';

/** The line a reproduction prints, with exit 0, when the library still shows the bug. */
export const REPRODUCED = 'REPRODUCED:';
/** The line it prints, with exit 1, when the library behaves as the clause requires. */
export const NOT_REPRODUCED = 'NOT REPRODUCED:';

/**
 * A standalone reproduction (`scorecard/repros/<client>/<root cause>/repro.yaml`): a small program
 * in the library's language that uses only the library and a minimal server written for it (no
 * toolshift when it runs), run with `command` in a copy of its folder, where
 * `TOOLSHIFT_DRIVER_DIR` is the driver folder whose prepared environment holds the library
 * (`.venv`, `node_modules`, `target`, Go's module cache…).
 */
export interface ReproSpec {
  client: string;
  rootCause: string;
  /** The library and version it runs against, e.g. `github.com/mark3labs/mcp-go@v1.2.1`. */
  library: string;
  /** The driver (`clients/<language>/<library>`) whose prepared environment provides the library. */
  driver: string;
  /** The shell command that runs it. */
  command: string;
  /** Upper bound, ms (default 300000: a first compile may take minutes). */
  timeoutMs?: number;
}

/** What running one reproduction showed. */
export interface ReproOutcome {
  client: string;
  rootCause: string;
  folder: string;
  /** `reproduced`: the bug still shows; `not-reproduced`: the library now behaves (report it); `error`: neither line came; `skipped`: its driver's toolchain is absent. */
  status: 'reproduced' | 'not-reproduced' | 'error' | 'skipped';
  /** The program's last line, or why it erred or was skipped. */
  detail: string;
}

/**
 * Reads a reproduction's `repro.yaml`.
 * @throws {ToolshiftError} BASELINE_INVALID naming the file and the field.
 */
export async function readReproSpec(folder: string): Promise<ReproSpec> {
  const file = join(folder, REPRO_FILE);
  const doc = parseYaml(await readFile(file, 'utf8')) as Record<string, unknown> | null;
  const field = (key: string) => {
    const value = doc?.[key];
    if (typeof value !== 'string' || value.trim() === '')
      throw new ToolshiftError(
        'BASELINE_INVALID',
        `Reproduction ${file}: /${key} must be a non-empty string.`,
        {
          source: file,
          pointer: `/${key}`,
        },
      );
    return value;
  };
  const timeoutMs = doc?.timeoutMs;
  return {
    client: field('client'),
    rootCause: field('rootCause'),
    library: field('library'),
    driver: field('driver'),
    command: field('command'),
    ...(typeof timeoutMs === 'number' && timeoutMs > 0 ? { timeoutMs } : {}),
  };
}

/** The lines of stderr that say what went wrong: the error lines, else the last ones. */
function stderrGist(stderr: string): string {
  const lines = stderr
    .trim()
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (!lines.length) return '';
  const errors = lines.filter((line) => /error|exception|panic|traceback/i.test(line) && !/^at /.test(line));
  return `; stderr: ${(errors.length ? errors.slice(0, 3) : lines.slice(-3)).join(' | ').slice(0, 600)}`;
}

/** Runs one reproduction in a copy of its folder and reads its verdict line. */
async function runRepro(
  folder: string,
  spec: ReproSpec,
  driverDir: string,
): Promise<Omit<ReproOutcome, 'client' | 'rootCause' | 'folder'>> {
  const work = await mkdtemp(join(tmpdir(), 'toolshift-repro-'));
  try {
    await cp(folder, work, { recursive: true });
    const child = spawn('sh', ['-c', spec.command], {
      cwd: work,
      env: { ...process.env, TOOLSHIFT_DRIVER_DIR: driverDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-4_000);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {}
    }, spec.timeoutMs ?? 300_000);
    const code = await new Promise<number | null>((done) => child.on('close', done));
    clearTimeout(timer);
    const last = output.trim().split('\n').at(-1)?.trim() ?? '';
    if (timedOut) return { status: 'error', detail: `no verdict within ${spec.timeoutMs ?? 300_000} ms` };
    if (code === 0 && last.startsWith(REPRODUCED)) return { status: 'reproduced', detail: last };
    if (code === 1 && last.startsWith(NOT_REPRODUCED)) return { status: 'not-reproduced', detail: last };
    return {
      status: 'error',
      detail: `exit ${code}, last line '${last.slice(0, 200)}'${stderrGist(errors)}`,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Runs the standalone reproduction of every root cause that names one (`repro`) in the drivers'
 * baselines: prepares each driver's environment (skipping the ones whose toolchain is absent, with
 * the reason), runs each reproduction and reads whether it still shows the bug. A reproduction
 * that no longer reproduces is reported (`not-reproduced`), never kept in silence.
 * @throws {ToolshiftError} BASELINE_INVALID for a baseline or `repro.yaml` that breaks the rules, or one naming another root cause.
 */
export async function runRepros(
  drivers: readonly Driver[],
  repoRoot: string,
  log: (line: string) => void = () => {},
): Promise<ReproOutcome[]> {
  const outcomes: ReproOutcome[] = [];
  for (const driver of drivers) {
    const baseline = await loadLibraryBaseline(driver, repoRoot);
    const causes = (baseline?.rootCauses ?? []).filter((cause) => cause.repro !== undefined);
    if (!causes.length) continue;
    const preparation = await prepareDriver(driver, log);
    for (const cause of causes) {
      const folder = resolve(repoRoot, cause.repro!);
      const spec = await readReproSpec(folder);
      if (spec.rootCause !== cause.id || spec.client !== driver.manifest.client)
        throw new ToolshiftError(
          'BASELINE_INVALID',
          `Reproduction ${join(folder, REPRO_FILE)}: names ${spec.client}#${spec.rootCause}, but ${driver.manifest.client}'s baseline points root cause ${cause.id} at it.`,
          { source: join(folder, REPRO_FILE), pointer: '/rootCause' },
        );
      const base = { client: driver.manifest.client, rootCause: cause.id, folder: cause.repro! };
      if (!preparation.ready) {
        outcomes.push({ ...base, status: 'skipped', detail: preparation.skipped });
        continue;
      }
      log(`${driver.manifest.client}#${cause.id}: running ${cause.repro}`);
      const driverDir = resolve(repoRoot, spec.driver);
      outcomes.push({ ...base, ...(await runRepro(folder, spec, driverDir)) });
    }
  }
  return outcomes;
}
