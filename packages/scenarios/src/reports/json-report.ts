import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CellResult } from '../runner/cell.js';
import type { SuiteSummary } from '../runner/run-suite.js';
import { DIGEST_PLACEHOLDER } from './report-digest.js';
import { type FileReporter, fileReporter } from './report-file.js';
import { citedClauses } from './cited-clauses.js';

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
  /** What the report says about how it was made: the command-line options and the seed override. */
  run?: {
    /** The options as given (paths absolute), e.g. `{ client: ['sdk'], era: 'all' }`. */
    options: Record<string, unknown>;
    /** `--seed`: the seed every script ran with; `null` when each script kept its own. */
    seed: number | null;
  };
}

/** Where the JSON report's schema is published (`$id` of `report.schema.json`, the value of a report's `$schema`). */
export const JSON_REPORT_SCHEMA_ID = 'https://toolshift.dev/schema/report-v1.json';

/** The `@toolshift/scenarios` version that wrote a report (read once from its package.json). */
function toolshiftVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@toolshift/scenarios') return pkg.version ?? '0.0.0';
    }
    const parent = dirname(dir);
    if (parent === dir) return '0.0.0';
    dir = parent;
  }
}

/** True when a JSON report with `choice` carries the cell's transcripts. */
export function carriesTranscripts(result: CellResult, choice: TranscriptChoice): boolean {
  if (choice === 'all') return true;
  return choice === 'failing' && (result.rawStatus === 'fail' || result.rawStatus === 'error');
}

/**
 * The whole run as one JSON document, valid against the published `report.schema.json`:
 * `{ $schema, toolshiftReport: 1, digest, runId, toolshiftVersion, startedAt, options, seed,
 * interrupted?, interruptedBy?, cellCount, counts, exitCode, unjudged?, durationMs, transcripts,
 * shard?, results: [...] }` (`digest`: see `report-digest.ts`; `counts` per cell status,
 * `inconclusive` included; `exitCode`: the exit status toolshift used, 130 / 143 / 138 when SIGINT /
 * SIGTERM / SIGUSR1 stopped the run; `unjudged` with exit 4: why no cell was judged; `shard`: `{ index,
 * count, selectedCells, selectionDigest }` for one shard of a run, which `toolshift merge-reports`
 * reads; `specClauses`: each MCP specification clause a verdict rests on, quoted, by id), each
 * result a cell with its status and verdicts (check id, citation, normative level with its clauses
 * or basis, evidence frames),
 * its harness warnings and, per `transcripts`, every server's transcript and the client's
 * observations (a full run with every transcript is about 100 MB). Each server's `transcript` and
 * the `observations` are exactly what the checks judged (up to the end of the scenario's actions);
 * `teardown` and `teardownObservations` hold what came after, while the cell was torn down. Every
 * cell whose client runs in a process of its own keeps `clientStderr` (bounded), transcripts or not.
 */
export function renderJsonReport(summary: SuiteSummary, options: JsonReportOptions = {}): string {
  const transcripts = options.transcripts ?? 'failing';
  const doc = {
    $schema: JSON_REPORT_SCHEMA_ID,
    toolshiftReport: 1,
    // Before anything the run wrote: the first `sha256:` of the file is its digest.
    digest: DIGEST_PLACEHOLDER,
    runId: summary.runId,
    toolshiftVersion: toolshiftVersion(),
    startedAt: summary.startedAt,
    options: options.run?.options ?? {},
    seed: options.run?.seed ?? null,
    ...(summary.interrupted ? { interrupted: true, interruptedBy: summary.interruptedBy ?? 'SIGINT' } : {}),
    cellCount: summary.cellCount,
    counts: summary.counts,
    exitCode: summary.exitCode,
    ...(summary.unjudged !== undefined ? { unjudged: summary.unjudged } : {}),
    durationMs: summary.durationMs,
    transcripts,
    ...(summary.shard ? { shard: summary.shard } : {}),
    specClauses: citedClauses(summary.results),
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
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** `--json FILE`: writes {@link renderJsonReport} to `path` (sealed with its digest; see `fileReporter`). */
export function jsonReporter(path: string, options: JsonReportOptions = {}): FileReporter {
  return fileReporter('JSON', path, (summary) => renderJsonReport(summary, options));
}
