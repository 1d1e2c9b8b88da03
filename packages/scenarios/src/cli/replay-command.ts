import { writeFile } from 'node:fs/promises';
import { transcriptToJsonl } from '@toolshift/fake-server';
import { ReplayFileError, readReplayFile } from '../replay/replay-file.js';
import { replayTrial } from '../replay/replay-trial.js';
import {
  type ClientJob,
  COMPUTED_IN_CLIENT_PROCESS,
  type ReplayJobResult,
} from '../runner/client-process/client-process-protocol.js';
import { closeIsolatedClients, isIsolated } from '../runner/client-process/isolated-client.js';
import { EXIT } from './exit-codes.js';
import { refuseCommandClient } from './out-of-process-client.js';
import { resolveClients } from './resolve-clients.js';
import { UsageError } from './usage-error.js';

/** Parsed options of `toolshift replay`. */
export interface ReplayCommandOptions {
  /** Replay against this client instead of the recorded one. */
  client?: string;
  /** Write the replayed transcript here, as JSONL. */
  transcript?: string;
  /** `--client-module` files (absolute paths): the recorded client, or `--client`, may come from one. */
  clientModule?: string[];
  /** Directory for resolving clients. */
  cwd?: string;
}

/**
 * `toolshift replay FILE`: re-runs a recorded failing run (a property counterexample) with the
 * recorded interleaving, prints what fails and whether the transcript is the recorded one.
 * Against another client than the recorded one, the recorded interleaving fits only as long as
 * that client sends what the recorded one sent: once it stops fitting, the run is not the recorded
 * counterexample, so its outcome (pass or fail) says nothing about it and the verdict is inconclusive.
 * @returns {@link EXIT}: `mismatch` (1) when the replayed run fails (the failure reproduces), `ok`
 *   (0) when it holds, `inconclusive` (4) when another client left the recorded interleaving.
 * A client of a `--client-module` file replays in a client process of its own, like it explored.
 * @throws {UsageError} for an unknown client (naming the recorded client module when the file
 *   has one), a `command:` client (see `refuseCommandClient`), or a file that is not a replay file.
 * @throws {ScriptError} SCRIPT_INVALID when the file's script is invalid.
 */
export async function replayCommand(
  file: string,
  options: ReplayCommandOptions,
  out: NodeJS.WritableStream = process.stdout,
): Promise<number> {
  const replay = await readReplayFile(file).catch((error: unknown) => {
    throw error instanceof ReplayFileError ? new UsageError(error.message) : error;
  });
  const name = options.client ?? replay.client;
  refuseCommandClient('replay', name);
  const modules = options.clientModule ?? [];
  const { selected, known } = await resolveClients([name], modules, options.cwd ?? process.cwd(), {
    commands: false,
  }).catch((error: unknown) => {
    if (error instanceof UsageError && replay.clientModule && name === replay.client && modules.length === 0)
      throw new UsageError(
        `${file} was recorded with client '${name}' of the client module ${replay.clientModule}: replay it with --client-module ${replay.clientModule}.`,
      );
    throw error;
  });
  let outcome: ReplayJobResult;
  const computedInClientProcess = isIsolated(selected[0]!);
  try {
    const client = selected[0]!;
    if (isIsolated(client)) {
      const job: ClientJob = { kind: 'replay', client: name, replay };
      outcome = (await client.isolation.runJob(job)) as ReplayJobResult;
    } else {
      const replayed = await replayTrial(replay, client);
      outcome = {
        failures: replayed.failures,
        identical: replayed.identical,
        ...(replayed.diverged !== undefined ? { diverged: replayed.diverged } : {}),
        deliveries: replayed.run.path.length,
        transcript: [...replayed.run.record.transcript],
      };
    }
  } finally {
    await closeIsolatedClients(known.values());
  }
  const frames = outcome.transcript;
  out.write(
    `replay of ${replay.property} (seed ${replay.seed ?? '?'}, path ${replay.path ?? '?'}) against ${name}, ${replay.trial.era} era\n`,
  );
  out.write(`  ${outcome.deliveries} deliveries, ${frames.length} transcript frames\n`);
  if (outcome.diverged) out.write(`  the recorded interleaving stopped fitting: ${outcome.diverged}\n`);
  out.write(
    outcome.identical
      ? '  transcript: identical to the recorded run\n'
      : `  transcript: differs from the recorded run${name === replay.client ? ' (the client or toolshift changed since it was recorded)' : ''}\n`,
  );
  const inconclusive = name !== replay.client && outcome.diverged !== undefined;
  if (inconclusive) {
    out.write(
      `  result: inconclusive (${name} left the interleaving recorded for ${replay.client}, so this run is not the recorded counterexample)\n`,
    );
    for (const failure of outcome.failures) out.write(`    seen after leaving it: ${failure}\n`);
  } else if (outcome.failures.length === 0) out.write('  result: pass (every invariant held)\n');
  else {
    out.write(`  result: fail\n`);
    for (const failure of outcome.failures) out.write(`    ${failure}\n`);
  }
  if (options.transcript) {
    await writeFile(options.transcript, transcriptToJsonl(frames));
    out.write(`  transcript written to ${options.transcript}\n`);
  }
  if (computedInClientProcess) out.write(`${COMPUTED_IN_CLIENT_PROCESS}\n`);
  if (inconclusive) return EXIT.inconclusive;
  return outcome.failures.length === 0 ? EXIT.ok : EXIT.mismatch;
}
