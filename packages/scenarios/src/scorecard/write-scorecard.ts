import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { DriverScore } from './run-scorecard.js';
import {
  detailsPageOf,
  driverDetailsMarkdown,
  scorecardMarkdown,
  withReadmeMatrix,
} from './scorecard-markdown.js';

/** The stored form of a scorecard (`scorecard/scorecard.json`) and of a part of one (`--out`). */
export interface StoredScorecard {
  toolshiftScorecard: 1;
  command: string;
  eras: string[];
  transports: string[];
  drivers: DriverScore[];
}

/** Writes `text` to `path` through a temporary file beside it, so a reader never sees half a file. */
export async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, path);
}

/** Writes `SCORECARD.md`, a detail page per client and `scorecard/scorecard.json` under `root`. */
export async function writeScorecard(
  root: string,
  scores: readonly DriverScore[],
  command: string,
  eras: readonly string[],
  transports: readonly string[],
  out: NodeJS.WritableStream,
): Promise<void> {
  const detailsDir = 'scorecard';
  await mkdir(join(root, detailsDir), { recursive: true });
  await writeAtomically(
    join(root, 'SCORECARD.md'),
    scorecardMarkdown(scores, { command, eras, transports, detailsDir }),
  );
  const ran = scores.filter((s) => !s.skipped);
  for (const score of ran)
    await writeAtomically(join(root, detailsDir, detailsPageOf(score, ran)), driverDetailsMarkdown(score));
  const json = join(root, detailsDir, 'scorecard.json');
  const stored: StoredScorecard = {
    toolshiftScorecard: 1,
    command,
    eras: [...eras],
    transports: [...transports],
    drivers: [...scores],
  };
  await writeAtomically(json, `${JSON.stringify(stored, null, 2)}\n`);
  const readmePath = join(root, 'README.md');
  const readme = existsSync(readmePath)
    ? withReadmeMatrix(await readFile(readmePath, 'utf8'), scores)
    : undefined;
  if (readme !== undefined) await writeAtomically(readmePath, readme);
  out.write(
    `Wrote ${join(root, 'SCORECARD.md')}, ${relative(root, json)}, the detail pages${readme !== undefined ? ' and the README matrix' : ''}.\n`,
  );
}
