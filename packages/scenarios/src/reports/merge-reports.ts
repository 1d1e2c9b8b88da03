import { readFile } from 'node:fs/promises';
import { ToolshiftError } from '@toolshift/fake-server';
import type { CellResult } from '../runner/cell.js';
import { type SuiteSummary, summarizeResults } from '../runner/run-suite.js';
import { checkReportDigest } from './report-digest.js';
import { type ShardInfo, selectionPosition } from '../runner/shard.js';
import { TRANSCRIPT_CHOICES, type TranscriptChoice } from './json-report.js';

/** One shard's JSON report (`toolshift run --shard i/n --json FILE`), as merging reads it. */
export interface ShardReport {
  source: string;
  shard: ShardInfo;
  transcripts: TranscriptChoice;
  durationMs: number;
  /** When the shard started (ISO 8601), when its report says. */
  startedAt?: string;
  /** The shard's cells in its own order (transcripts as the report carries them). */
  results: CellResult[];
}

function notMergeable(reason: string, source?: string): ToolshiftError<'REPORTS_NOT_MERGEABLE'> {
  return new ToolshiftError(
    'REPORTS_NOT_MERGEABLE',
    `Cannot merge ${source ? `${source}: ` : 'the reports: '}${reason}`,
    { ...(source ? { source } : {}), reason },
  );
}

/**
 * Reads one shard's JSON report.
 * @throws {ToolshiftError} REPORTS_NOT_MERGEABLE when the file is unreadable, not a toolshift
 *   report, or not from a `--shard` run.
 */
export async function readShardReport(file: string): Promise<ShardReport> {
  let doc: {
    toolshiftReport?: unknown;
    shard?: ShardInfo;
    transcripts?: TranscriptChoice;
    durationMs?: number;
    startedAt?: unknown;
    results?: CellResult[];
  };
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
    doc = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw notMergeable(`cannot read it as JSON (${(error as Error).message}).`, file);
  }
  const digest = checkReportDigest(bytes);
  if (digest && digest.stated !== digest.actual)
    throw notMergeable(
      `its content changed after its run wrote it (it names digest ${digest.stated}; its content hashes to ${digest.actual}).`,
      file,
    );
  if (doc?.toolshiftReport !== 1 || !Array.isArray(doc.results))
    throw notMergeable('it is not a toolshift JSON report (toolshiftReport: 1).', file);
  const shard = doc.shard;
  if (
    !shard ||
    !Number.isInteger(shard.index) ||
    !Number.isInteger(shard.count) ||
    !Number.isInteger(shard.selectedCells) ||
    typeof shard.selectionDigest !== 'string'
  )
    throw notMergeable('it is the report of a whole run, not of a shard (toolshift run --shard i/n).', file);
  return {
    source: file,
    shard,
    transcripts: TRANSCRIPT_CHOICES.includes(doc.transcripts as TranscriptChoice)
      ? (doc.transcripts as TranscriptChoice)
      : 'failing',
    durationMs: typeof doc.durationMs === 'number' ? doc.durationMs : 0,
    ...(typeof doc.startedAt === 'string' ? { startedAt: doc.startedAt } : {}),
    results: doc.results,
  };
}

/**
 * Merges the shards of one run back into the run's summary: every shard i/n of the same selection
 * exactly once, results put back in the selection's order, counts and exit code computed as for a
 * whole run; the duration is the slowest shard's (shards run side by side).
 * @throws {ToolshiftError} REPORTS_NOT_MERGEABLE when the shards come from different splits or
 *   selections, or a shard is missing, given twice, or does not hold the cells its place says.
 */
export function mergeShardReports(reports: readonly ShardReport[]): SuiteSummary {
  const first = reports[0];
  if (!first) throw notMergeable('no report given.');
  for (const report of reports) {
    if (report.shard.count !== first.shard.count)
      throw notMergeable(
        `it is shard ${report.shard.index}/${report.shard.count}, ${first.source} is shard ${first.shard.index}/${first.shard.count}: split the run the same way.`,
        report.source,
      );
    if (report.shard.selectionDigest !== first.shard.selectionDigest || report.shard.selectedCells !== first.shard.selectedCells)
      throw notMergeable(
        `its run selected other cells than ${first.source} (${report.shard.selectedCells} vs ${first.shard.selectedCells} cells, or the same number in another order): run every shard with the same scenarios, eras, transports and clients.`,
        report.source,
      );
  }
  const count = first.shard.count;
  const byIndex = new Map<number, ShardReport>();
  for (const report of reports) {
    const twice = byIndex.get(report.shard.index);
    if (twice) throw notMergeable(`shard ${report.shard.index}/${count} is given twice (${twice.source} and ${report.source}).`);
    byIndex.set(report.shard.index, report);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !byIndex.has(index));
  if (missing.length > 0)
    throw notMergeable(`shard${missing.length > 1 ? 's' : ''} ${missing.map((index) => `${index}/${count}`).join(', ')} missing.`);
  const selected = first.shard.selectedCells;
  const results: CellResult[] = new Array(selected);
  for (const report of reports) {
    const expected = Math.max(0, Math.ceil((selected - (report.shard.index - 1)) / count));
    if (report.results.length !== expected)
      throw notMergeable(
        `shard ${report.shard.index}/${count} of ${selected} cells holds ${expected}, the report has ${report.results.length} results.`,
        report.source,
      );
    report.results.forEach((result, nth) => {
      results[selectionPosition(report.shard, nth)] = result;
    });
  }
  const startedAt = reports
    .map((report) => report.startedAt)
    .filter((at): at is string => typeof at === 'string')
    .sort()[0];
  return summarizeResults(
    results,
    Math.max(...reports.map((report) => report.durationMs)),
    startedAt ?? new Date().toISOString(),
  );
}
