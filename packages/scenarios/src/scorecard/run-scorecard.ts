import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { Era } from '@toolshift/fake-server';
import { SCENARIOS } from '../../catalog/index.js';
import { type ClientAdapterFactory, capabilitiesOf } from '../adapters/client-adapter.js';
import { createCommandClient } from '../adapters/command/create-command-client.js';
import { closeIsolatedClients, loadIsolatedClients } from '../runner/client-process/isolated-client.js';
import { runSuite } from '../runner/run-suite.js';
import type { CellEra, Scenario, ScenarioTransport } from '../scenario.js';
import { chargeRow } from './apply-driver-baselines.js';
import type { Driver, DriverManifest } from './driver-manifest.js';
import { type EraSupport, measureEraSupport } from './era-support.js';
import type { Finding, RootCauseReport } from './finding.js';
import { gradeContextFor } from './grade-context.js';
import { type GroupGrade, gradeGroups } from './group-grade.js';
import { loadLibraryBaseline } from './library-baseline.js';
import { prepareDriver } from './prepare-driver.js';
import { reaskingExcuse } from './reasking-grade.js';

/** One row of the scorecard: a driver, how it ran, and its grade per capability group. */
export interface DriverScore {
  id: string;
  language: DriverManifest['language'];
  library: string;
  version: string;
  client: string;
  relists: DriverManifest['relists'];
  notes: string[];
  repository?: string;
  /** The `toolshift run` options that run this driver's cells from the repository root (add `--scenario`, `--era`). */
  runOptions: string;
  /** The library baseline, from the repository root (absent: the driver keeps none). */
  baseline?: string;
  /** When it ran (ISO date). */
  date: string;
  /** Absent when it ran; the reason it did not (toolchain absent, prepare or handshake failed). */
  skipped?: string;
  groups: GroupGrade[];
  /** Cell counts by status. */
  counts: Record<string, number>;
  /** `toolshift run`'s exit code for the driver's cells against its baseline (0: matches). */
  exitCode?: number;
  /** Every failing cell, charged to a root cause of the library or unexplained (see `chargeRow`). */
  findings: Finding[];
  /** The library's root causes (from its baseline), each with its level and the cells it explains. */
  rootCauses?: RootCauseReport[];
  /** The protocol revisions its driver says it speaks (absent: it does not say). */
  declaredEras?: Era[];
  /** What the era probe measured: whether it connects to a server of only that revision (`measureEraSupport`). */
  eraSupport?: Record<Era, EraSupport>;
  /** Scenarios run again since `date` and merged into the row (`--driver … --scenario …`), with when. */
  reruns?: { date: string; scenarios: string[] }[];
  durationMs: number;
}

/** Options of {@link runScorecard}. */
export interface ScorecardOptions {
  drivers: readonly Driver[];
  /**
   * Default: the whole catalog. A function picks each driver's own selection (`smokeSelection`:
   * the `smoke` list of its manifest).
   */
  scenarios?: readonly Scenario[] | ((driver: Driver) => readonly Scenario[]);
  /** Default: legacy, modern and dual. */
  eras?: readonly CellEra[];
  /** Default: `http`. */
  transports?: readonly ScenarioTransport[];
  /** Drivers run at once (default: the machine's cores). */
  concurrency?: number;
  /** Cells of one driver run at once (default 1). */
  cellConcurrency?: number;
  settleTimeoutMs?: number;
  /**
   * Upper bound for each client action (default 15000): a command driver's connect includes starting
   * its runtime and importing its library, which a loaded machine can stretch.
   */
  actionTimeoutMs?: number;
  /** Progress lines. */
  log?: (line: string) => void;
  /** The repository root: `repro` paths of the libraries' root causes are taken from it. */
  repoRoot: string;
}

/** The factory of a driver's client: its command program or the named factory of its client module. */
async function clientOf(driver: Driver): Promise<ClientAdapterFactory> {
  const { manifest } = driver;
  if (manifest.kind === 'command') {
    const client = await createCommandClient(manifest.start!, { cwd: driver.dir });
    if (client.name !== manifest.client)
      throw new Error(`its hello names the client '${client.name}', the manifest '${manifest.client}'`);
    return client;
  }
  // Agent frameworks import a lot: give a loaded machine three minutes to load the module.
  const factories = await loadIsolatedClients(join(driver.dir, manifest.module!), { loadTimeoutMs: 180_000 });
  const client = factories.find((factory) => factory.name === manifest.client);
  if (!client) {
    await closeIsolatedClients(factories);
    throw new Error(
      `its module exports ${factories.map((f) => f.name).join(', ')}, not the manifest's client '${manifest.client}'`,
    );
  }
  return client;
}

/**
 * Runs the suite for every driver, up to `concurrency` drivers at once: prepares each (skipping it
 * with the reason when its toolchain is absent or its prepare fails), starts its client, runs the
 * selection against its baseline and grades each capability group. Never throws for a driver that
 * misbehaves: it becomes a skipped row with the reason.
 */
export async function runScorecard(options: ScorecardOptions): Promise<DriverScore[]> {
  const repoRoot = options.repoRoot;
  const log = options.log ?? (() => {});
  const scores: DriverScore[] = new Array(options.drivers.length);
  let next = 0;
  const worker = async () => {
    while (next < options.drivers.length) {
      const index = next++;
      scores[index] = await scoreDriver(options.drivers[index]!, options, log, repoRoot);
    }
  };
  const workers = Math.max(
    1,
    Math.min(options.concurrency ?? availableParallelism(), options.drivers.length),
  );
  await Promise.all(Array.from({ length: workers }, worker));
  return scores;
}

async function scoreDriver(
  driver: Driver,
  options: ScorecardOptions,
  log: (line: string) => void,
  repoRoot: string,
): Promise<DriverScore> {
  const started = Date.now();
  const { manifest } = driver;
  const row = {
    id: driver.id,
    language: manifest.language,
    library: manifest.library,
    version: manifest.version,
    client: manifest.client,
    relists: manifest.relists,
    notes: manifest.notes ?? [],
    ...(manifest.repository !== undefined ? { repository: manifest.repository } : {}),
    runOptions:
      manifest.kind === 'command'
        ? `--client 'command:cd ${driver.id} && ${manifest.start}'`
        : `--client-module ${driver.id}/${manifest.module} --client ${manifest.client}`,
    ...(manifest.baseline !== undefined ? { baseline: `${driver.id}/${manifest.baseline}` } : {}),
    date: new Date().toISOString().slice(0, 10),
  };
  const skip = (reason: string): DriverScore => {
    log(`${driver.id}: skipped: ${reason}`);
    return {
      ...row,
      skipped: reason,
      groups: [],
      counts: {},
      findings: [],
      durationMs: Date.now() - started,
    };
  };
  const preparation = await prepareDriver(driver, log);
  if (!preparation.ready) return skip(preparation.skipped);
  let client: ClientAdapterFactory;
  try {
    client = await clientOf(driver);
  } catch (error) {
    return skip(`the client did not start: ${(error as Error).message}`);
  }
  try {
    const baseline = await loadLibraryBaseline(driver, repoRoot);
    const scenarios =
      typeof options.scenarios === 'function' ? options.scenarios(driver) : (options.scenarios ?? SCENARIOS);
    log(`${driver.id}: running`);
    const summary = await runSuite({
      scenarios,
      eras: options.eras ?? ['legacy', 'modern', 'dual'],
      transports: options.transports ?? ['http'],
      clients: [client],
      ...(baseline ? { baseline } : {}),
      concurrency: options.cellConcurrency ?? 1,
      ...(options.settleTimeoutMs !== undefined ? { settleTimeoutMs: options.settleTimeoutMs } : {}),
      ...(options.actionTimeoutMs !== undefined ? { actionTimeoutMs: options.actionTimeoutMs } : {}),
    });
    const context = gradeContextFor(manifest);
    // A failure the grade does not count (a re-asking host's registry-only failure) does not make the run a mismatch.
    const counted = summary.results.filter(
      (result) => result.status !== 'fail' || reaskingExcuse(result, context) === undefined,
    );
    const exitCode =
      summary.exitCode === 1 &&
      counted.every(
        (result) => result.status !== 'fail' && result.status !== 'stale' && result.status !== 'error',
      )
        ? 0
        : summary.exitCode;
    log(`${driver.id}: era probe`);
    const eraSupport = await measureEraSupport(client, {
      ...(options.settleTimeoutMs !== undefined ? { settleTimeoutMs: options.settleTimeoutMs } : {}),
      ...(options.actionTimeoutMs !== undefined ? { actionTimeoutMs: options.actionTimeoutMs } : {}),
    });
    const declaredEras = capabilitiesOf(client).eras;
    log(`${driver.id}: done (exit ${exitCode})`);
    return chargeRow(
      {
        ...row,
        groups: gradeGroups(summary.results, context),
        counts: Object.fromEntries(Object.entries(summary.counts).filter(([, n]) => n > 0)),
        exitCode,
        findings: [],
        ...(declaredEras ? { declaredEras: [...declaredEras] } : {}),
        eraSupport,
        durationMs: Date.now() - started,
      },
      driver,
      baseline,
    );
  } catch (error) {
    return skip(`the run failed: ${(error as Error).message}`);
  } finally {
    await closeIsolatedClients([client]);
  }
}
