import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { SuiteSummary } from '../runner/run-suite.js';
import type { Reporter } from './reporter.js';

/** Options for {@link jsonReporter}. */
export interface JsonReportOptions {
  /** Include each cell's full transcript and observations (default true). */
  includeTranscripts?: boolean;
}

/**
 * Writes the whole run as one JSON document: `{ toolshiftReport: 1, counts, exitCode, durationMs,
 * results: [...] }`, each result a cell with its status, verdicts (check id, citation, evidence) and,
 * by default, every server's transcript and the client's observations.
 */
export function jsonReporter(path: string, options: JsonReportOptions = {}): Reporter {
  return {
    async onRunEnd(summary: SuiteSummary) {
      const includeTranscripts = options.includeTranscripts ?? true;
      const doc = {
        toolshiftReport: 1,
        counts: summary.counts,
        exitCode: summary.exitCode,
        durationMs: summary.durationMs,
        results: summary.results.map((result) =>
          includeTranscripts
            ? { ...result, transcript: undefined }
            : { ...result, transcript: undefined, servers: undefined, observations: undefined },
        ),
      };
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, `${JSON.stringify(doc, null, 2)}\n`);
    },
  };
}
