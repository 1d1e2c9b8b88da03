import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { ToolshiftError } from '@toolshift/fake-server';
import { SCENARIOS } from '../../catalog/index.js';
import type { ClientAdapterFactory } from '../adapters/client-adapter.js';
import { createCommandClient } from '../adapters/command/create-command-client.js';
import {
  checkExpectedFailures,
  type ExpectedFailure,
  type ExpectedFailures,
  loadExpectedFailures,
} from '../baseline/expected-failures.js';
import type { CellResult } from '../runner/cell.js';
import { closeIsolatedClients, loadIsolatedClients } from '../runner/client-process/isolated-client.js';
import { runSuite } from '../runner/run-suite.js';
import type { CellEra, Scenario, ScenarioTransport } from '../scenario.js';
import type { Driver, DriverManifest } from './driver-manifest.js';
import { gradeContextFor } from './grade-context.js';
import { type GradeContext, type GroupGrade, gradeGroups, reaskingExcuse } from './group-grade.js';
import { prepareDriver } from './prepare-driver.js';

/** A bug the run showed: a failing cell, explained by a baseline entry of the library or not. */
export interface Finding {
  client: string;
  scenarioId: string;
  era: string;
  checkId: string;
  /** The baseline entry's reason, or the check's message for a failure no entry explains. */
  reason: string;
  /** The baseline entry's evidence (issue links, source lines); empty for an unexplained failure. */
  evidence: string[];
  /** False: no baseline entry covers it (a new bug to check, or a harness bug). */
  explained: boolean;
}

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
  findings: Finding[];
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
 * The library's baseline, checked against the catalog (entries may name only its client) and
 * held to the driver rule: every entry names its evidence (an issue, a source line of the library,
 * transcript frames), since each is a claim about someone else's code.
 * @throws {ToolshiftError} BASELINE_INVALID naming the file, the entry and the rule.
 */
export async function loadDriverBaseline(
  driver: Driver,
  client: Pick<ClientAdapterFactory, 'name' | 'kind'>,
): Promise<ExpectedFailures | undefined> {
  if (!driver.manifest.baseline) return undefined;
  const source = join(driver.dir, driver.manifest.baseline);
  const baseline = await loadExpectedFailures(source);
  checkExpectedFailures(baseline, {
    clients: new Map([[client.name, client]]),
    scenarios: new Map(SCENARIOS.map((scenario) => [scenario.id, scenario])),
  });
  const bare = baseline.entries.findIndex((entry) => !entry.evidence?.length);
  if (bare >= 0)
    throw new ToolshiftError(
      'BASELINE_INVALID',
      `Baseline ${source}: /expectedFailures/${bare}/evidence is missing: a library's baseline entry names the bug's evidence (an issue, a source line, transcript frames).`,
      { source, pointer: `/expectedFailures/${bare}/evidence` },
    );
  return baseline;
}

function findingsOf(
  results: readonly CellResult[],
  baseline: ExpectedFailures | undefined,
  context: GradeContext,
): Finding[] {
  const entryFor = (result: CellResult): ExpectedFailure | undefined =>
    baseline?.entries.find(
      (entry) =>
        entry.client === result.client &&
        entry.scenario === result.scenarioId &&
        (entry.era === undefined || entry.era === result.era) &&
        (entry.transport === undefined || entry.transport === result.transport),
    );
  return results.flatMap((result): Finding[] => {
    if (result.status !== 'fail' && result.status !== 'known-failure') return [];
    if (reaskingExcuse(result, context) !== undefined) return [];
    const entry = result.status === 'known-failure' ? entryFor(result) : undefined;
    return [
      {
        client: result.client,
        scenarioId: result.scenarioId,
        era: result.era,
        checkId: result.firstFailure?.checkId ?? 'unknown',
        reason: entry?.reason ?? result.firstFailure?.message ?? result.error ?? 'failed',
        evidence: entry?.evidence ?? [],
        explained: entry !== undefined,
      },
    ];
  });
}

/**
 * Runs the suite for every driver, up to `concurrency` drivers at once: prepares each (skipping it
 * with the reason when its toolchain is absent or its prepare fails), starts its client, runs the
 * selection against its baseline and grades each capability group. Never throws for a driver that
 * misbehaves: it becomes a skipped row with the reason.
 */
export async function runScorecard(options: ScorecardOptions): Promise<DriverScore[]> {
  const log = options.log ?? (() => {});
  const scores: DriverScore[] = new Array(options.drivers.length);
  let next = 0;
  const worker = async () => {
    while (next < options.drivers.length) {
      const index = next++;
      scores[index] = await scoreDriver(options.drivers[index]!, options, log);
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
    const baseline = await loadDriverBaseline(driver, client);
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
    log(`${driver.id}: done (exit ${exitCode})`);
    return {
      ...row,
      groups: gradeGroups(summary.results, context),
      counts: Object.fromEntries(Object.entries(summary.counts).filter(([, n]) => n > 0)),
      exitCode,
      findings: findingsOf(summary.results, baseline, context),
      durationMs: Date.now() - started,
    };
  } catch (error) {
    return skip(`the run failed: ${(error as Error).message}`);
  } finally {
    await closeIsolatedClients([client]);
  }
}
