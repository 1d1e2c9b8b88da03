import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { TranscriptFrame } from '@toolshift/fake-server';
import { parseScript } from '@toolshift/fake-server';
import canonicalize from 'canonicalize';
import type { Trial } from './trial.js';

/**
 * A replay file: one failing run, replayable frame for frame. It holds the trial (the server
 * script in the script format itself, the connections, the timeline), the client, the scheduler's
 * choices (`schedule`: fast-check task ids in the order they ran, as `fc.schedulerFor` takes them)
 * with their labels (`interleaving`), where it came from (property, seed, path) and a digest of
 * the transcript the run produced, so a replay can prove it reproduced the same one.
 */
export interface ReplayFile {
  toolshiftReplay: 1;
  /** The property (or source) that produced it. */
  property: string;
  /** Client adapter name (`reference`, `sdk`, `defect:<name>`). */
  client: string;
  /** The `--client-module` file the client came from, when it came from one (replay it with `--client-module`). */
  clientModule?: string;
  /** fast-check seed and shrink path of the run. */
  seed?: number;
  path?: string;
  trial: Trial;
  /** The generated property input the trial came from (for the property's model check). */
  input?: unknown;
  schedule: number[];
  interleaving: string[];
  /** What failed, one line each. */
  failures: string[];
  /** sha256 of the canonical transcript, `wallTimeMs` and `credentialDigest` left out. */
  transcriptDigest: string;
}

/**
 * sha256 (hex) of a transcript in RFC 8785 canonical form, wall-clock fields and credential
 * digests left out (each server keys those with a random key of its own, so two runs differ).
 */
export function transcriptDigest(frames: readonly TranscriptFrame[]): string {
  const stripped = frames.map(({ wallTimeMs: _wall, credentialDigest: _credential, ...frame }) => frame);
  return createHash('sha256')
    .update(canonicalize(stripped) ?? '')
    .digest('hex');
}

/** Writes a replay file (JSON, 2-space indented), creating its folder. */
export async function writeReplayFile(file: string, replay: ReplayFile): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(replay, null, 2)}\n`);
}

/** Error for a file that is not a replay file. */
export class ReplayFileError extends Error {
  constructor(file: string, reason: string) {
    super(
      `Failed to load replay file ${file}: ${reason}. Write one with a property run (it prints the path) or see DEFECTS.md.`,
    );
    this.name = 'ReplayFileError';
  }
}

/**
 * Reads and checks a replay file; its script is validated with the fake server's script parser.
 * @throws {ReplayFileError} when the file is not JSON or misses a field.
 * @throws {ScriptError} SCRIPT_INVALID when the embedded script is invalid.
 */
export async function readReplayFile(file: string): Promise<ReplayFile> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new ReplayFileError(file, (error as Error).message);
  }
  const replay = value as Partial<ReplayFile>;
  if (replay.toolshiftReplay !== 1) throw new ReplayFileError(file, 'toolshiftReplay must be 1');
  for (const field of ['property', 'client', 'transcriptDigest'] as const)
    if (typeof replay[field] !== 'string') throw new ReplayFileError(file, `${field} must be a string`);
  if (!Array.isArray(replay.schedule) || !replay.schedule.every((id) => Number.isInteger(id)))
    throw new ReplayFileError(file, 'schedule must be an array of task ids');
  const trial = replay.trial;
  if (
    !trial ||
    (trial.era !== 'legacy' && trial.era !== 'modern') ||
    !Array.isArray(trial.timeline) ||
    !Array.isArray(trial.connections)
  )
    throw new ReplayFileError(file, 'trial must hold era, script, connections and timeline');
  trial.script = parseScript(trial.script);
  return replay as ReplayFile;
}
