import { resolve } from 'node:path';
import { consoleTableReporter, FILE_REPORTERS, type FileReporter, type Reporter } from '../reports/index.js';
import { mergeShardReports, readShardReport } from '../reports/merge-reports.js';
import { checkOutputPaths } from './check-output-paths.js';
import { EXIT } from './exit-codes.js';

/** Parsed options of `toolshift merge-reports`. */
export interface MergeReportsCommandOptions {
  json?: string;
  junit?: string;
}

/**
 * `toolshift merge-reports FILE...`: merges the JSON reports of the shards of one run
 * (`toolshift run --shard i/n --json FILE`) back into the run: prints its table and totals, writes
 * the merged JSON and JUnit reports when asked, and returns the run's exit code (0: the results
 * match the baseline each shard applied; 1: they do not).
 * @throws {UsageError} when an output path cannot be written (before anything is read).
 * @throws {ToolshiftError} REPORTS_NOT_MERGEABLE when the files are not every shard of one run once.
 */
export async function mergeReportsCommand(
  files: readonly string[],
  options: MergeReportsCommandOptions,
  out: NodeJS.WritableStream = process.stdout,
): Promise<number> {
  const json = options.json === undefined ? undefined : resolve(options.json);
  const junit = options.junit === undefined ? undefined : resolve(options.junit);
  await checkOutputPaths([
    ...(json ? [['--json', json] as const] : []),
    ...(junit ? [['--junit', junit] as const] : []),
  ]);
  const reports = await Promise.all(files.map((file) => readShardReport(resolve(file))));
  const summary = mergeShardReports(reports);
  const written: FileReporter[] = [
    ...(json ? [FILE_REPORTERS.json(json, { transcripts: reports[0]!.transcripts })] : []),
    ...(junit ? [FILE_REPORTERS.junit(junit)] : []),
  ];
  const reporters: Reporter[] = [consoleTableReporter(out), ...written];
  out.write(`toolshift merge-reports: ${reports.length} shards, ${summary.results.length} cells\n`);
  for (const reporter of reporters) await reporter.onRunEnd?.(summary);
  for (const file of written) {
    const report = file.written();
    if (report?.notWritten)
      out.write(
        `${report.format} report NOT written to ${report.notWritten.path} (${report.notWritten.reason}); written to ${report.path} instead (${report.digest})\n`,
      );
    else if (report) out.write(`${report.format} report written to ${report.path} (${report.digest})\n`);
  }
  const moved = written.some((file) => file.written()?.notWritten);
  return moved && summary.exitCode === EXIT.ok ? EXIT.mismatch : summary.exitCode;
}
