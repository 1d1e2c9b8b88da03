import { INVARIANTS } from '@toolshift/assertions';
import fc from 'fast-check';
import type { ClientAdapterFactory } from '../adapters/client-adapter.js';
import { PROPERTIES } from '../properties/index.js';
import { failuresOf } from '../properties/property-suite.js';
import { type ReplayFile, transcriptDigest } from './replay-file.js';
import { runTrial, type TrialRun } from './run-trial.js';

/** What replaying a file gave. */
export interface ReplayOutcome {
  run: TrialRun;
  /** The failures this replay shows (empty: the property held). */
  failures: string[];
  /** True when the transcript is the recorded one, frame for frame (wall-clock fields aside). */
  identical: boolean;
  /** Set when the recorded interleaving no longer fits the run (the client behaves differently now). */
  diverged?: string;
}

/**
 * Replays a {@link ReplayFile}: the same trial, with the scheduler forced to the recorded choices
 * (`fc.schedulerFor(schedule)`), against `client` (default: the recorded one). With the recorded
 * client it reproduces the recorded transcript exactly; with another, it shows how that client
 * fares on the same interleaving as far as it stays applicable.
 */
export async function replayTrial(replay: ReplayFile, client: ClientAdapterFactory): Promise<ReplayOutcome> {
  const suite = PROPERTIES[replay.property];
  const invariants = suite?.invariants ?? Object.keys(INVARIANTS);
  const run = await runTrial(replay.trial, client, fc.schedulerFor(replay.schedule), {
    invariants,
    ...(suite?.maxTasks !== undefined ? { maxTasks: suite.maxTasks } : {}),
  });
  const failures =
    suite && replay.input !== undefined
      ? failuresOf(suite, replay.input as never, run)
      : run.verdicts.filter((v) => v.status === 'fail').map((v) => `${v.invariantId}: ${v.message}`);
  return {
    run,
    failures,
    identical: transcriptDigest(run.record.transcript) === replay.transcriptDigest,
    ...(run.diverged ? { diverged: run.diverged } : {}),
  };
}
