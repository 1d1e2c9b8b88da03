import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseScript } from '@toolshift/fake-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { noAtomicSwap } from '../adapters/defects/no-atomic-swap.js';
import { referenceClient } from '../adapters/reference-adapter.js';
import { replayCommand } from '../cli/replay-command.js';
import { listChangedRace } from '../properties/list-changed-race.property.js';
import { PropertyExplorer } from '../properties/property-explorer.js';
import { readReplayFile, transcriptDigest } from './replay-file.js';
import { replayTrial } from './replay-trial.js';

const SEED = 7;
let dir: string;
let file: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'toolshift-replay-test-'));
  const outcome = await new PropertyExplorer(listChangedRace, noAtomicSwap, {
    seed: SEED,
    numRuns: 100,
    replayDir: dir,
  }).check();
  expect(outcome.ok).toBe(false);
  file = outcome.replayFile!;
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe(`a property failure round-trips through a replay file (list-changed-race × defect:no-atomic-swap, seed ${SEED})`, () => {
  test('the report names the seed, the shrink path and the replay command', async () => {
    const replay = await readReplayFile(file);
    expect(replay.seed).toBe(SEED);
    expect(replay.path).toMatch(/^\d+(:\d+)*$/);
    expect(replay.client).toBe('defect:no-atomic-swap');
    expect(replay.failures.join('\n')).toContain('registry.never-mixed');
    // The server side is a script in the script format itself.
    expect(() => parseScript(replay.trial.script)).not.toThrow();
    expect(replay.schedule.length).toBe(replay.interleaving.length);
  });

  test('replaying gives the identical transcript (wall-clock fields aside), every time', async () => {
    const replay = await readReplayFile(file);
    const first = await replayTrial(replay, noAtomicSwap);
    const second = await replayTrial(replay, noAtomicSwap);
    expect(first.diverged).toBeUndefined();
    expect(first.identical).toBe(true);
    expect(transcriptDigest(first.run.record.transcript)).toBe(replay.transcriptDigest);
    const strip = (frames: typeof first.run.record.transcript) =>
      frames.map(({ wallTimeMs: _w, credentialDigest: _c, ...f }) => f);
    expect(strip(second.run.record.transcript)).toEqual(strip(first.run.record.transcript));
    expect(first.failures).toEqual(replay.failures);
    expect(first.run.path).toEqual(replay.interleaving);
  });

  test('toolshift replay FILE reproduces the failure and says the transcript is identical', async () => {
    const chunks: string[] = [];
    const out = { write: (chunk: string) => chunks.push(chunk) } as unknown as NodeJS.WritableStream;
    const transcriptFile = join(dir, 'replayed.jsonl');
    const code = await replayCommand(file, { transcript: transcriptFile }, out);
    const text = chunks.join('');
    expect(code).toBe(1);
    expect(text).toContain('transcript: identical to the recorded run');
    expect(text).toContain('registry.never-mixed');
    const lines = (await readFile(transcriptFile, 'utf8')).trim().split('\n');
    expect(lines.length).toBeGreaterThan(5);
  });

  test('the same trial and interleaving can be replayed against another client', async () => {
    const replay = await readReplayFile(file);
    const outcome = await replayTrial(replay, referenceClient);
    expect(outcome.identical).toBe(false);
    expect(outcome.failures.filter((f) => f.startsWith('registry.never-mixed'))).toEqual([]);
  });

  test('toolshift replay --client another-client is inconclusive (exit 4) once the recorded interleaving stops fitting, never a fail', async () => {
    const replay = await readReplayFile(file);
    const outcome = await replayTrial(replay, referenceClient);
    const chunks: string[] = [];
    const out = { write: (chunk: string) => chunks.push(chunk) } as unknown as NodeJS.WritableStream;
    const code = await replayCommand(file, { client: 'reference' }, out);
    const text = chunks.join('');
    expect(outcome.diverged).toBeDefined();
    expect(code).toBe(4);
    expect(text).toContain(
      'result: inconclusive (reference left the interleaving recorded for defect:no-atomic-swap, so this run is not the recorded counterexample)',
    );
    expect(text).not.toContain('result: fail');
  });
});

test('toolshift replay refuses a file that is not a replay file with a usage error', async () => {
  const { UsageError } = await import('../cli/usage-error.js');
  await expect(replayCommand('/dev/null', {})).rejects.toBeInstanceOf(UsageError);
});
