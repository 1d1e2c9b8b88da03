import { CLIENT_ADAPTERS } from '../adapters/index.js';
import { PROPERTIES, PropertyExplorer, replayDir } from '../properties/index.js';
import { readReplayFile } from '../replay/replay-file.js';
import { EXIT } from './exit-codes.js';
import { COMMAND_PREFIX } from './resolve-clients.js';
import { UsageError } from './usage-error.js';

/** Parsed options of `toolshift explore`. */
export interface ExploreCommandOptions {
  /** The client to explore (default `reference`). */
  client?: string;
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

/**
 * `toolshift explore`: runs property suites against one client with fast-check: each run
 * generates an input and an interleaving of every network delivery with the script's timeline,
 * runs the trial in-process under virtual time, and checks the suite's invariants and model. For
 * each property that fails it shrinks the counterexample, prints its failures, input and
 * interleaving, writes the replay file and the `toolshift replay FILE` line that reproduces it.
 * @returns {@link EXIT}: `ok` (0) when every property held, `mismatch` (1) when one failed.
 * @throws {UsageError} for an unknown client or property, a bad count, or a client that runs in
 *   another process (`command:` clients and `--client-module` clients cannot be driven by the
 *   in-process scheduler).
 */
export async function exploreCommand(
  options: ExploreCommandOptions,
  out: NodeJS.WritableStream = process.stdout,
): Promise<number> {
  const name = options.client ?? 'reference';
  if (name.startsWith(COMMAND_PREFIX))
    throw new UsageError(
      `explore cannot drive '${name}': it runs each trial in this process, with a scheduler ordering every network delivery and a virtual clock, which a client program in another process does not share. Explore an in-process client, or test the program with 'toolshift run --client ${name}'.`,
    );
  const client = CLIENT_ADAPTERS[name];
  if (!client)
    throw new UsageError(
      `Unknown client '${name}'. Clients explore can drive: ${Object.keys(CLIENT_ADAPTERS).join(', ')}.`,
    );
  const ids = options.property?.length
    ? options.property.flatMap((value) => value.split(',')).filter(Boolean)
    : Object.keys(PROPERTIES);
  for (const id of ids)
    if (!PROPERTIES[id])
      throw new UsageError(`Unknown property '${id}'. Properties: ${Object.keys(PROPERTIES).join(', ')}.`);
  const numRuns = count(options.runs, '--runs', 100, 1);
  const seed = count(options.seed, '--seed', Math.floor(Math.random() * 2 ** 31), 0);
  const dir = options.replayDir ?? replayDir();
  out.write(
    `toolshift explore: ${ids.length} ${ids.length === 1 ? 'property' : 'properties'} against ${name}, ${numRuns} runs each, seed ${seed}\n`,
  );
  let failed = 0;
  for (const id of ids) {
    const outcome = await new PropertyExplorer(PROPERTIES[id]!, client, {
      seed,
      numRuns,
      replayDir: dir,
      ...(options.shrink === false ? { shrink: false } : {}),
    }).check();
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
  return failed === 0 ? EXIT.ok : EXIT.mismatch;
}
