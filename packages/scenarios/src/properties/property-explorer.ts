import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { ClientAdapterFactory } from '../adapters/client-adapter.js';
import { type ReplayFile, transcriptDigest, writeReplayFile } from '../replay/replay-file.js';
import { runTrial } from '../replay/run-trial.js';
import { failuresOf, type PropertySuite } from './property-suite.js';

/** Runs per property: `TOOLSHIFT_PROPERTY_RUNS` when set (e.g. 5000 for a long soak), else 200. */
export function propertyRuns(fallback = 200): number {
  const raw = process.env.TOOLSHIFT_PROPERTY_RUNS;
  const runs = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`TOOLSHIFT_PROPERTY_RUNS must be a positive integer, got ${raw}`);
  return runs;
}

/** Where replay files go: `TOOLSHIFT_REPLAY_DIR`, else `<tmp>/toolshift-replays`. */
export function replayDir(): string {
  return process.env.TOOLSHIFT_REPLAY_DIR ?? join(tmpdir(), 'toolshift-replays');
}

/** Options of {@link PropertyExplorer}. */
export interface ExploreOptions {
  seed: number;
  numRuns: number;
  /** Shrink a counterexample before reporting it (default true). */
  shrink?: boolean;
  /** Folder for replay files (default {@link replayDir}). */
  replayDir?: string;
  /** The `--client-module` file the client comes from (recorded in the replay file). */
  clientModule?: string;
  /** What the printed `toolshift replay FILE` line needs after the file (e.g. ` --client-module m.mjs`). */
  replayArgs?: string;
}

/** How exploring one property against one client ended. */
export interface PropertyOutcome {
  property: string;
  client: string;
  ok: boolean;
  numRuns: number;
  seed: number;
  /** fast-check's shrink path of the counterexample. */
  path?: string;
  failures: string[];
  /** The replay file written for the (shrunk) counterexample. */
  replayFile?: string;
  /** The failure report: seed, path, what failed, the interleaving, and the line that replays it. */
  report: string;
}

/**
 * Explores one property against one client with fast-check: every run generates an input and a
 * scheduler (`fc.scheduler()`), runs the trial in-process, and fails when an invariant or the model
 * check fails. On failure it shrinks, writes a replay file for the minimal counterexample and
 * reports seed, path and `toolshift replay FILE`. The same predicate and parameters plug into
 * `@fast-check/vitest` (`test.prop(explorer.arbitraries, explorer.parameters)`).
 */
export class PropertyExplorer<Input> {
  private lastFailure: { input: Input; replay: Omit<ReplayFile, 'seed' | 'path'> } | undefined;
  private written: { file: string; replay: ReplayFile } | undefined;

  constructor(
    readonly suite: PropertySuite<Input>,
    readonly client: ClientAdapterFactory,
    readonly options: ExploreOptions,
  ) {}

  /** The generated values: the suite's input and a scheduler. */
  get arbitraries(): [fc.Arbitrary<Input>, fc.Arbitrary<fc.Scheduler>] {
    return [this.suite.input(), fc.scheduler()];
  }

  /** One run: throws (with the failures) when the client breaks the property. */
  readonly predicate = async (input: Input, scheduler: fc.Scheduler): Promise<void> => {
    const trial = this.suite.trial(input);
    const run = await runTrial(trial, this.client, scheduler, {
      invariants: this.suite.invariants,
      ...(this.suite.maxTasks !== undefined ? { maxTasks: this.suite.maxTasks } : {}),
    });
    const failures = failuresOf(this.suite, input, run);
    if (failures.length === 0) return;
    this.lastFailure = {
      input,
      replay: {
        toolshiftReplay: 1,
        property: this.suite.id,
        client: this.client.name,
        ...(this.options.clientModule !== undefined ? { clientModule: this.options.clientModule } : {}),
        trial,
        input,
        schedule: run.schedule,
        interleaving: run.path,
        failures,
        transcriptDigest: transcriptDigest(run.record.transcript),
      },
    };
    throw new Error(failures.join('\n'));
  };

  /** fast-check parameters: seed, runs, and a reporter that writes the replay file on failure. */
  get parameters(): fc.Parameters<[Input, fc.Scheduler]> {
    return {
      seed: this.options.seed,
      numRuns: this.options.numRuns,
      endOnFailure: this.options.shrink === false,
      asyncReporter: async (details) => {
        if (!details.failed) return;
        const file = await this.writeReplay(details);
        throw new Error(`${fc.defaultReportMessage(details)}\n${this.describe(file)}`);
      },
    };
  }

  /** Runs the exploration to the end and returns the outcome (never throws for a failing client). */
  async check(): Promise<PropertyOutcome> {
    const details = await fc.check(fc.asyncProperty(...this.arbitraries, this.predicate), {
      seed: this.options.seed,
      numRuns: this.options.numRuns,
      endOnFailure: this.options.shrink === false,
    });
    const base = {
      property: this.suite.id,
      client: this.client.name,
      numRuns: details.numRuns,
      seed: details.seed,
    };
    if (!details.failed)
      return {
        ...base,
        ok: true,
        failures: [],
        report: `${this.suite.id} held for ${details.numRuns} runs (seed ${details.seed}).`,
      };
    const file = await this.writeReplay(details);
    return {
      ...base,
      ok: false,
      path: details.counterexamplePath ?? undefined,
      failures: this.written?.replay.failures ?? [],
      ...(file ? { replayFile: file } : {}),
      report: `${this.suite.id} failed against ${this.client.name} after ${details.numRuns} run(s) (seed ${details.seed}, path ${details.counterexamplePath}).\n${this.describe(file)}`,
    };
  }

  private async writeReplay(details: fc.RunDetails<[Input, fc.Scheduler]>): Promise<string | undefined> {
    if (!this.lastFailure) return undefined;
    const replay: ReplayFile = {
      ...this.lastFailure.replay,
      seed: details.seed,
      ...(details.counterexamplePath ? { path: details.counterexamplePath } : {}),
    };
    const file = join(
      this.options.replayDir ?? replayDir(),
      `${this.suite.id}--${this.client.name.replace(/[^A-Za-z0-9_-]+/g, '_')}--seed-${details.seed}.json`,
    );
    await writeReplayFile(file, replay);
    this.written = { file, replay };
    return file;
  }

  private describe(file: string | undefined): string {
    const replay = this.written?.replay;
    if (!replay || !file) return '(no replay file: the failure did not come from a trial)';
    return [
      'Failures of the shrunk counterexample:',
      ...replay.failures.map((line) => `  ${line}`),
      `Interleaving (${replay.interleaving.length} deliveries):`,
      ...replay.interleaving.map((label) => `  ${label}`),
      `Replay file: ${file}`,
      `Replay it:   toolshift replay ${file}${this.options.replayArgs ?? ''}`,
    ].join('\n');
  }
}
