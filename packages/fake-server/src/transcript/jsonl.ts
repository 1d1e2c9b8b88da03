import { stringifyWithExactIds } from '../exchange/exact-integer-id.js';
import type { TranscriptFrame } from './transcript-frame.js';

/** Options for {@link transcriptToJsonl}. */
export interface JsonlOptions {
  /**
   * Drop the fields that differ between two runs of the same script and seed — `wallTimeMs`, and
   * `credentialDigest` (keyed by a random key per server) — so they export byte-identical text.
   * Default true.
   */
  omitWallTime?: boolean;
}

/**
 * Serializes frames as JSON Lines: one frame per line, `\n`-terminated, keys in the frame's own
 * order. Returns `''` for no frames.
 */
export function transcriptToJsonl(frames: readonly TranscriptFrame[], options: JsonlOptions = {}): string {
  const omitWallTime = options.omitWallTime ?? true;
  let out = '';
  for (const frame of frames) {
    if (omitWallTime) {
      const { wallTimeMs: _ignored, credentialDigest: _keyed, ...rest } = frame;
      out += `${stringifyWithExactIds(rest)}\n`;
    } else {
      out += `${stringifyWithExactIds(frame)}\n`;
    }
  }
  return out;
}

/**
 * Parses JSON Lines produced by {@link transcriptToJsonl}.
 * @throws {SyntaxError} when a line is not JSON (the message names the 1-based line number).
 */
export function transcriptFromJsonl(text: string): TranscriptFrame[] {
  const frames: TranscriptFrame[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]?.trim();
    if (!line) continue;
    try {
      frames.push(JSON.parse(line) as TranscriptFrame);
    } catch (error) {
      throw new SyntaxError(`Transcript line ${i + 1} is not JSON: ${(error as Error).message}`);
    }
  }
  return frames;
}
