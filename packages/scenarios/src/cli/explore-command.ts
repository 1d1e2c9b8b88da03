import type { ClientAdapterFactory } from '../adapters/client-adapter.js';
import { PROPERTIES, PropertyExplorer, type PropertyOutcome, replayDir } from '../properties/index.js';
import { readReplayFile } from '../replay/replay-file.js';
import {
  type ClientJob,
  COMPUTED_IN_CLIENT_PROCESS,
} from '../runner/client-process/client-process-protocol.js';
import { closeIsolatedClients, isIsolated } from '../runner/client-process/isolated-client.js';
import { EXIT } from './exit-codes.js';
import { refuseCommandClient } from './out-of-process-client.js';
import { resolveClients } from './resolve-clients.js';
import { UsageError } from './usage-error.js';

/** Parsed options of `toolshift explore`. */
export interface ExploreCommandOptions {
  /** The client to explore (default: the `--client-module` file's only client, else `reference`). */
  client?: string;
  /** `--client-module` files (absolute paths) whose clients `--client` may name. */
  clientModule?: string[];
  /** Directory `command:` programs would start in (for resolving clients). */
  cwd?: string;
  /** Property suite ids (default: every one). */
  property?: string[];
  /** Runs per property (default 100). */
  runs?: string;
  /** fast-check seed (default: a fresh one, printed). */
  seed?: string;
  /** Where replay files go (default: `TOOLSHIFT_REPLAY_DIR`, else `<tmp>/toolshift-replays`). */
  replayDir?: string;
  /** `--no-shrink`: report the first counterexample as found. */
  shrink?: boolean;
}

/** How much of a counterexample's input the console shows (the replay file holds all of it). */
const MAX_INPUT_CHARS = 600;

function count(value: string | undefined, flag: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new UsageError(`${flag} must be an integer ≥ ${min} (got '${value}').`);
  return n;
}

/** Shell-quotes a path for a printed command line (when it needs it). */
function shellArg(value: string): string {
  return /^[\w./@:+-]+$/.test(value) ? value : `'${value.replace(/'/g, "'\\''")}'`;
}

/**
 * `toolshift explore`: runs property suites against one client with fast-check: each run
 * generates an input and an interleaving of every network delivery with the script's timeline,
 * runs the trial under virtual time, and checks the suite's invariants and model. For each
 * property that fails it shrinks the counterexample, prints its failures, input and interleaving,
 * writes the replay file and the `toolshift replay FILE` line that reproduces it. Built-in clients
 * run their trials in this process; a client of a `--client-module` file runs them in a client
 * process of its own (the module's code never runs here), where its timers share that process's
 * virtual clock just the same. A module client whose process dies or goes silent mid-exploration
 * fails that property (no counterexample), with how the process ended.
 * @returns {@link EXIT}: `ok` (0) when every property held, `mismatch` (1) when one failed.
 * @throws {UsageError} for an unknown client or property, a bad count, a `command:` client (see
 *   `refuseCommandClient`), or several module clients and no `--client`.
 */
export async function exploreCommand(
  options: ExploreCommandOptions,
  out: NodeJS.WritableStream = process.stdout,
): Promise<number> {
  const modules = options.clientModule ?? [];
  if (options.client !== undefined) refuseCommandClient('explore', options.client);
  const ids = options.property?.length
    ? options.property.flatMap((value) => value.split(',')).filter(Boolean)
    : Object.keys(PROPERTIES);
  for (const id of ids)
    if (!PROPERTIES[id])
      throw new UsageError(`Unknown property '${id}'. Properties: ${Object.keys(PROPERTIES).join(', ')}.`);
  const numRuns = count(options.runs, '--runs', 100, 1);
  const seed = count(options.seed, '--seed', Math.floor(Math.random() * 2 ** 31), 0);
  const names = options.client !== undefined ? [options.client] : modules.length ? undefined : ['reference'];
  const { selected, known } = await resolveClients(names, modules, options.cwd ?? process.cwd(), {
    commands: false,
  });
  try {
    if (selected.length !== 1)
      throw new UsageError(
        `explore drives one client; name it with --client (the client modules define ${selected.map((f) => f.name).join(', ')}).`,
      );
    return await explore(
      selected[0]!,
      ids,
      { numRuns, seed, dir: options.replayDir ?? replayDir(), shrink: options.shrink },
      out,
    );
  } finally {
    await closeIsolatedClients(known.values());
  }
}

async function explore(
  client: ClientAdapterFactory,
  ids: string[],
  settings: { numRuns: number; seed: number; dir: string; shrink: boolean | undefined },
  out: NodeJS.WritableStream,
): Promise<number> {
  const name = client.name;
  const where = isIsolated(client) ? ` (in its client process, from ${client.isolation.modulePath})` : '';
  out.write(
    `toolshift explore: ${ids.length} ${ids.length === 1 ? 'property' : 'properties'} against ${name}${where}, ${settings.numRuns} runs each, seed ${settings.seed}\n`,
  );
  let failed = 0;
  for (const id of ids) {
    const options = {
      seed: settings.seed,
      numRuns: settings.numRuns,
      replayDir: settings.dir,
      ...(settings.shrink === false ? { shrink: false } : {}),
    };
    let outcome: PropertyOutcome;
    if (isIsolated(client)) {
      const modulePath = client.isolation.modulePath;
      const job: ClientJob = {
        kind: 'explore',
        client: name,
        property: id,
        options: {
          ...options,
          clientModule: modulePath,
          replayArgs: ` --client-module ${shellArg(modulePath)}`,
        },
      };
      try {
        outcome = (await client.isolation.runJob(job)) as PropertyOutcome;
      } catch (error) {
        // The client's process ended or went silent mid-exploration (its doing), or the runner
        // failed in it: no counterexample to shrink, but the property was not shown to hold.
        failed += 1;
        out.write(`\n✗ ${id} could not be explored against ${name}: ${(error as Error).message}\n`);
        continue;
      }
    } else outcome = await new PropertyExplorer(PROPERTIES[id]!, client, options).check();
    if (outcome.ok) {
      out.write(`\n✓ ${outcome.report}\n`);
      continue;
    }
    failed += 1;
    out.write(`\n✗ ${outcome.report}\n`);
    if (outcome.replayFile) {
      const replay = await readReplayFile(outcome.replayFile);
      const input = JSON.stringify(replay.input);
      out.write(
        `Counterexample input: ${input.length > MAX_INPUT_CHARS ? `${input.slice(0, MAX_INPUT_CHARS)}… (${input.length} characters; the replay file has it all)` : input}\n`,
      );
    }
  }
  out.write(
    `\n${ids.length - failed} of ${ids.length} ${ids.length === 1 ? 'property' : 'properties'} held against ${name}.\n`,
  );
  if (isIsolated(client)) out.write(`${COMPUTED_IN_CLIENT_PROCESS}\n`);
  return failed === 0 ? EXIT.ok : EXIT.mismatch;
}
