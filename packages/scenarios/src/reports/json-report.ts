import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { CellResult } from '../runner/cell.js';
import type { SuiteSummary } from '../runner/run-suite.js';
import type { Reporter } from './reporter.js';

/** Which cells' transcripts and observations a JSON report carries. */
export const TRANSCRIPT_CHOICES = ['failing', 'all', 'none'] as const;
export type TranscriptChoice = (typeof TRANSCRIPT_CHOICES)[number];

/** Options for {@link jsonReporter}. */
export interface JsonReportOptions {
  /**
   * `failing` (default): every server's transcript and the client's observations for the cells that
   * failed (expected or not) or hit a harness error; `all`: for every cell; `none`: verdicts only.
   */
  transcripts?: TranscriptChoice;
}

/** True when a JSON report with `choice` carries the cell's transcripts. */
export function carriesTranscripts(result: CellResult, choice: TranscriptChoice): boolean {
  if (choice === 'all') return true;
  return choice === 'failing' && (result.rawStatus === 'fail' || result.rawStatus === 'error');
}

/**
 * Writes the whole run as one JSON document: `{ toolshiftReport: 1, counts, exitCode, unjudged?,
 * durationMs, transcripts, shard?, results: [...] }` (`counts` per cell status, `inconclusive`
 * included; `unjudged` with exit 4: why no cell was judged; `shard`: `{ index, count,
 * selectedCells, selectionDigest }` for one shard of a run, which `toolshift merge-reports` reads),
 * each result a cell with its status and verdicts (check id,
 * citation, evidence frames) and, per `transcripts`, every server's transcript and the client's
 * observations (a full run with every transcript is about 100 MB). Each server's `transcript` and the
 * `observations` are exactly what the checks judged (up to the end of the scenario's actions);
 * `teardown` and `teardownObservations` hold what came after, while the cell was torn down.
 */
export function jsonReporter(path: string, options: JsonReportOptions = {}): Reporter {
  return {
    async onRunEnd(summary: SuiteSummary) {
      const transcripts = options.transcripts ?? 'failing';
      const doc = {
        toolshiftReport: 1,
        counts: summary.counts,
        exitCode: summary.exitCode,
        ...(summary.unjudged !== undefined ? { unjudged: summary.unjudged } : {}),
        durationMs: summary.durationMs,
        transcripts,
        ...(summary.shard ? { shard: summary.shard } : {}),
        results: summary.results.map((result) =>
          carriesTranscripts(result, transcripts)
            ? { ...result, transcript: undefined }
            : {
                ...result,
                transcript: undefined,
                servers: undefined,
                observations: undefined,
                teardownObservations: undefined,
              },
        ),
      };
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, `${JSON.stringify(doc, null, 2)}\n`);
    },
  };
}
