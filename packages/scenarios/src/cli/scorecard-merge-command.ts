import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { applyDriverBaselines } from '../scorecard/apply-driver-baselines.js';
import { discoverDrivers } from '../scorecard/driver-manifest.js';
import type { DriverScore } from '../scorecard/run-scorecard.js';
import { type StoredScorecard, writeScorecard } from '../scorecard/write-scorecard.js';
import { EXIT } from './exit-codes.js';
import { UsageError } from './usage-error.js';

/** Reads one part (`toolshift scorecard --out FILE`), refusing anything that is not one. */
async function readPart(path: string): Promise<StoredScorecard> {
  let doc: Partial<StoredScorecard>;
  try {
    doc = JSON.parse(await readFile(path, 'utf8')) as Partial<StoredScorecard>;
  } catch (error) {
    throw new UsageError(`Cannot read scorecard part ${path}: ${(error as Error).message}`);
  }
  const lists = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string');
  if (
    doc?.toolshiftScorecard !== 1 ||
    typeof doc.command !== 'string' ||
    !lists(doc.eras) ||
    !lists(doc.transports) ||
    !Array.isArray(doc.drivers) ||
    !doc.drivers.every(
      (row) => typeof (row as DriverScore)?.id === 'string' && Array.isArray((row as DriverScore).groups),
    )
  )
    throw new UsageError(
      `${path} is not a scorecard part: it needs toolshiftScorecard 1, command, eras, transports and drivers rows (write one with 'toolshift scorecard --driver ID --out FILE').`,
    );
  return doc as StoredScorecard;
}

/**
 * `toolshift scorecard merge FILE...`: combines the parts several machines wrote (`toolshift
 * scorecard --driver ID --out part.json`, one CI job per driver) into `SCORECARD.md`, the detail
 * pages and `scorecard/scorecard.json` under `root`, grading every row again against the libraries'
 * baselines in `root` (so a merge in a checkout with newer baselines shows them).
 * @returns `EXIT.ok`, or `EXIT.mismatch` when a row does not match its library's baseline.
 * @throws {UsageError} for an unreadable part, one made with other eras or transports than the first, or a driver found in two parts.
 */
export async function scorecardMergeCommand(
  files: readonly string[],
  root: string,
  out: NodeJS.WritableStream,
): Promise<number> {
  if (files.length === 0)
    throw new UsageError(
      "scorecard merge takes the parts to merge: 'toolshift scorecard merge part-*.json'.",
    );
  const parts = await Promise.all(files.map(async (file) => ({ file, part: await readPart(file) })));
  const first = parts[0]!;
  const rows = new Map<string, { row: DriverScore; file: string }>();
  for (const { file, part } of parts) {
    if (
      JSON.stringify(part.eras) !== JSON.stringify(first.part.eras) ||
      JSON.stringify(part.transports) !== JSON.stringify(first.part.transports)
    )
      throw new UsageError(
        `${file} was run with eras ${part.eras.join(', ')} over ${part.transports.join(', ')}, ${first.file} with eras ${first.part.eras.join(', ')} over ${first.part.transports.join(', ')}: parts of one scorecard share eras and transports.`,
      );
    for (const row of part.drivers) {
      const seen = rows.get(row.id);
      if (seen)
        throw new UsageError(
          `${row.id} is in both ${seen.file} and ${file}: each driver belongs to one part.`,
        );
      rows.set(row.id, { row, file });
    }
  }
  const drivers = await discoverDrivers(join(root, 'clients'), root);
  const scores = await applyDriverBaselines(
    [...rows.values()].map(({ row }) => row).sort((a, b) => a.id.localeCompare(b.id)),
    drivers,
    root,
  );
  const commands = new Set(parts.map(({ part }) => part.command));
  const command =
    commands.size === 1
      ? `${first.part.command} --driver ID --out part.json (one job per driver), then toolshift scorecard merge part-*.json`
      : 'toolshift scorecard --driver ID --out part.json per driver, then toolshift scorecard merge part-*.json';
  await writeScorecard(root, scores, command, first.part.eras, first.part.transports, out);
  const mismatched = scores.filter((s) => !s.skipped && s.exitCode !== 0 && s.exitCode !== 4);
  for (const s of mismatched)
    out.write(`${s.client}: results do not match its baseline (exit ${s.exitCode}).\n`);
  return mismatched.length ? EXIT.mismatch : EXIT.ok;
}
