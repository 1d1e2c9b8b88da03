import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { SCENARIOS } from '../../catalog/index.js';
import { type ScenarioTransport, TRANSPORT_KINDS } from '../scenario.js';
import { applyDriverBaselines } from '../scorecard/apply-driver-baselines.js';
import { type Driver, discoverDrivers } from '../scorecard/driver-manifest.js';
import { mergeRerun } from '../scorecard/merge-rerun.js';
import { runRepros } from '../scorecard/repros.js';
import { type DriverScore, runScorecard } from '../scorecard/run-scorecard.js';
import { scorecardMarkdown } from '../scorecard/scorecard-markdown.js';
import { smokeSelection } from '../scorecard/smoke-selection.js';
import { type StoredScorecard, writeAtomically, writeScorecard } from '../scorecard/write-scorecard.js';
import { EXIT } from './exit-codes.js';
import { ERA_CHOICES } from './run-command.js';
import { UsageError } from './usage-error.js';

/** Options of `toolshift scorecard`. */
export interface ScorecardCommandOptions {
  /** The repository root: drivers are under `<root>/clients`, `SCORECARD.md` and `scorecard/` are written there. */
  root: string;
  /** Only the drivers whose id (`clients/<language>/<library>`) or client name is listed. */
  driver?: string[];
  scenario?: string[];
  /** Only the CI smoke selection. */
  smoke?: boolean;
  era?: string;
  transport?: string[];
  concurrency?: string;
  /** Write nothing; print the matrix. */
  dryRun?: boolean;
  /** Run nothing: re-apply the libraries' baselines to the stored scorecard/scorecard.json and write the pages again. */
  rerender?: boolean;
  /**
   * Write the fresh rows to this file (absolute) as a part of a scorecard, instead of writing
   * SCORECARD.md and the pages: one per CI job, merged with `toolshift scorecard merge`.
   */
  out?: string;
  /** Run every root cause's standalone reproduction instead (`runRepros`) and report whether each still shows its bug. */
  repros?: boolean;
}

/**
 * `toolshift scorecard`: discovers the drivers under `clients/*\/*`, runs the suite for each (in
 * parallel up to the cores), and writes `SCORECARD.md`, `scorecard/<client>.md` detail pages and
 * `scorecard/scorecard.json`.
 * @returns `EXIT.ok` when every driver that ran matched its baseline, `EXIT.mismatch` otherwise.
 * @throws {UsageError} for an unknown driver, scenario, era or transport.
 */
export async function scorecardCommand(
  options: ScorecardCommandOptions,
  out: NodeJS.WritableStream,
): Promise<number> {
  let drivers = await discoverDrivers(join(options.root, 'clients'), options.root);
  if (options.driver?.length) {
    const named = (x: Driver, d: string) =>
      x.id === d || x.manifest.client === d || `${x.manifest.client}-${x.manifest.language}` === d;
    const unknown = options.driver.filter((d) => !drivers.some((x) => named(x, d)));
    if (unknown.length)
      throw new UsageError(
        `Unknown driver ${unknown.join(', ')}. Drivers: ${drivers.map((d) => `${d.id} (${d.manifest.client})`).join(', ') || 'none'}.`,
      );
    drivers = drivers.filter((x) => options.driver!.some((d) => named(x, d)));
  }
  if (!drivers.length)
    throw new UsageError(
      `No driver found under ${join(options.root, 'clients')}/<language>/<library>/toolshift-driver.yaml.`,
    );
  if (options.rerender) return rerender(options, drivers, out);
  if (options.repros) return repros(options, drivers, out);
  const ids = options.smoke ? [] : (options.scenario ?? []);
  // --smoke: each driver its own selection (the `smoke` list of its manifest).
  const scenarios = options.smoke
    ? smokeSelection
    : ids.length
      ? ids.map((id) => {
          const found = SCENARIOS.find((s) => s.id === id);
          if (!found)
            throw new UsageError(`Unknown scenario '${id}'. Run 'toolshift list' to see every scenario id.`);
          return found;
        })
      : SCENARIOS;
  // An unknown scenario in a manifest's smoke list is refused before anything runs.
  if (options.smoke) for (const driver of drivers) smokeSelection(driver);
  const eraChoice = options.era ?? (options.smoke ? 'both' : 'all');
  const eras = Object.hasOwn(ERA_CHOICES, eraChoice) ? ERA_CHOICES[eraChoice]! : undefined;
  if (!eras)
    throw new UsageError(`--era must be ${Object.keys(ERA_CHOICES).join(', ')} (got '${options.era}').`);
  const transports = (options.transport ?? ['http']) as ScenarioTransport[];
  for (const transport of transports)
    if (!(TRANSPORT_KINDS as readonly string[]).includes(transport))
      throw new UsageError(
        `Unknown transport '${transport}'. Known transports: ${TRANSPORT_KINDS.join(', ')}.`,
      );
  const concurrency = options.concurrency === undefined ? undefined : Number(options.concurrency);
  if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 1))
    throw new UsageError(`--concurrency must be an integer ≥ 1 (got '${options.concurrency}').`);

  const fresh = await runScorecard({
    drivers,
    scenarios,
    eras,
    transports,
    ...(concurrency !== undefined ? { concurrency } : {}),
    log: (line) => out.write(`${line}\n`),
    repoRoot: options.root,
  });
  if (options.out !== undefined) return writePart(options.out, fresh, options, eras, transports, out);
  const detailsDir = 'scorecard';
  const previous = await previousScorecard(
    join(options.root, detailsDir, 'scorecard.json'),
    eras,
    transports,
  );
  const merged = mergeWithPrevious(fresh, options, previous);
  const scores = merged.cellsMerged
    ? await applyDriverBaselines(merged.scores, drivers, options.root)
    : merged.scores;
  const command = merged.cellsMerged
    ? previous!.command
    : [
        'pnpm scorecard',
        ...(options.driver?.length && (options.smoke || options.scenario?.length)
          ? ['--driver', ...options.driver]
          : []),
        ...(options.smoke ? ['--smoke'] : []),
        ...(options.scenario?.length && !options.smoke ? ['--scenario', ...options.scenario] : []),
        ...(options.era ? ['--era', options.era] : []),
        ...(options.transport ? ['--transport', ...options.transport] : []),
      ].join(' ');
  if (options.dryRun) out.write(scorecardMarkdown(scores, { command, eras, transports, detailsDir }));
  else await writeScorecard(options.root, scores, command, eras, transports, out);
  const mismatched = fresh.filter((s) => !s.skipped && s.exitCode !== 0 && s.exitCode !== 4);
  for (const s of mismatched)
    out.write(`${s.client}: results do not match its baseline (exit ${s.exitCode}).\n`);
  return mismatched.length ? EXIT.mismatch : EXIT.ok;
}

/** `--out`: the fresh rows as one part of a scorecard (see `scorecardMergeCommand`). */
async function writePart(
  path: string,
  fresh: DriverScore[],
  options: ScorecardCommandOptions,
  eras: readonly string[],
  transports: readonly string[],
  out: NodeJS.WritableStream,
): Promise<number> {
  const command = [
    'pnpm scorecard',
    ...(options.era ? ['--era', options.era] : []),
    ...(options.transport ? ['--transport', ...options.transport] : []),
  ].join(' ');
  const part: StoredScorecard = {
    toolshiftScorecard: 1,
    command,
    eras: [...eras],
    transports: [...transports],
    drivers: fresh,
  };
  await mkdir(dirname(path), { recursive: true });
  await writeAtomically(path, `${JSON.stringify(part, null, 2)}\n`);
  out.write(
    `Wrote ${path}: ${fresh.length} driver row(s); merge the parts with 'toolshift scorecard merge FILE...'.\n`,
  );
  const mismatched = fresh.filter((s) => !s.skipped && s.exitCode !== 0 && s.exitCode !== 4);
  for (const s of mismatched)
    out.write(`${s.client}: results do not match its baseline (exit ${s.exitCode}).\n`);
  return mismatched.length ? EXIT.mismatch : EXIT.ok;
}

/** The stored `scorecard.json`, when there is one made with the same eras and transports. */
async function previousScorecard(
  path: string,
  eras: readonly string[],
  transports: readonly string[],
): Promise<StoredScorecard | undefined> {
  if (!existsSync(path)) return undefined;
  const previous = JSON.parse(await readFile(path, 'utf8')) as Partial<StoredScorecard>;
  if (
    JSON.stringify(previous.eras) !== JSON.stringify(eras) ||
    JSON.stringify(previous.transports) !== JSON.stringify(transports) ||
    !previous.drivers ||
    typeof previous.command !== 'string'
  )
    return undefined;
  return previous as StoredScorecard;
}

/**
 * With `--driver`, merges the fresh rows into the stored scorecard (made with the same eras and
 * transports), so one driver can be scored again without running every other one: with the whole
 * catalog, a fresh row replaces the stored one; with `--scenario`, the fresh cells replace the stored
 * cells of those scenarios in the stored row (`mergeRerun`; `cellsMerged`: its findings are then
 * recomputed). `--smoke`, or no stored scorecard: the fresh rows alone.
 */
function mergeWithPrevious(
  fresh: DriverScore[],
  options: ScorecardCommandOptions,
  previous: StoredScorecard | undefined,
): { scores: DriverScore[]; cellsMerged: boolean } {
  if (!options.driver?.length || options.smoke || !previous) return { scores: fresh, cellsMerged: false };
  const scenarioIds = new Set(options.scenario ?? []);
  const rows = new Map(previous.drivers.map((score) => [score.id, score]));
  for (const score of fresh) {
    const stored = rows.get(score.id);
    rows.set(
      score.id,
      scenarioIds.size && stored && !stored.skipped && !score.skipped
        ? mergeRerun(stored, score, scenarioIds)
        : score,
    );
  }
  return {
    scores: [...rows.values()].sort((a, b) => a.id.localeCompare(b.id)),
    cellsMerged: scenarioIds.size > 0,
  };
}

/** `--repros`: runs each root cause's reproduction; exit 1 when one no longer reproduces or fails to run. */
async function repros(
  options: ScorecardCommandOptions,
  drivers: readonly Driver[],
  out: NodeJS.WritableStream,
): Promise<number> {
  const outcomes = await runRepros(drivers, options.root, (line) => out.write(`${line}\n`));
  const width = Math.max(10, ...outcomes.map((o) => `${o.client}#${o.rootCause}`.length));
  out.write('\n');
  for (const outcome of outcomes)
    out.write(
      `${outcome.status.padEnd(14)}  ${`${outcome.client}#${outcome.rootCause}`.padEnd(width)}  ${outcome.detail}\n`,
    );
  const broken = outcomes.filter((o) => o.status === 'not-reproduced' || o.status === 'error');
  const skipped = outcomes.filter((o) => o.status === 'skipped').length;
  out.write(
    `\n${outcomes.length} reproductions: ${outcomes.length - broken.length - skipped} still show their bug, ${broken.filter((o) => o.status === 'not-reproduced').length} no longer do, ${broken.filter((o) => o.status === 'error').length} failed to run, ${skipped} skipped (toolchain absent).\n`,
  );
  if (broken.some((o) => o.status === 'not-reproduced'))
    out.write(
      'A reproduction that no longer shows its bug means the library changed: check it, then update or remove the root cause in its baseline.\n',
    );
  return broken.length ? EXIT.mismatch : EXIT.ok;
}

async function rerender(
  options: ScorecardCommandOptions,
  drivers: readonly Driver[],
  out: NodeJS.WritableStream,
): Promise<number> {
  const path = join(options.root, 'scorecard', 'scorecard.json');
  if (!existsSync(path)) throw new UsageError(`--rerender needs ${path}; run 'pnpm scorecard' first.`);
  const stored = JSON.parse(await readFile(path, 'utf8')) as {
    command: string;
    eras: string[];
    transports: string[];
    drivers: DriverScore[];
  };
  // Rows stored before they named their baseline file get it from the driver's manifest.
  const rows = stored.drivers.map((score) => {
    const manifest = drivers.find((driver) => driver.id === score.id)?.manifest;
    return score.baseline === undefined && manifest?.baseline !== undefined
      ? { ...score, baseline: `${score.id}/${manifest.baseline}` }
      : score;
  });
  const scores = await applyDriverBaselines(rows, drivers, options.root);
  await writeScorecard(options.root, scores, stored.command, stored.eras, stored.transports, out);
  return scores.some((s) => !s.skipped && s.exitCode !== 0 && s.exitCode !== 4) ? EXIT.mismatch : EXIT.ok;
}
