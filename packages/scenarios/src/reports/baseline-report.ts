import { relative } from 'node:path';
import type { ClientAdapterFactory } from '../adapters/client-adapter.js';
import { withoutMachinePaths } from '../baseline/machine-paths.js';
import { expectedFailuresFromResults, renderExpectedFailures } from '../baseline/write-expected-failures.js';
import { replaceFile } from './report-file.js';
import type { Reporter } from './reporter.js';

/**
 * `--write-baseline FILE`: at the end of the run, writes the current failures of the clients under
 * test as an expected-failures baseline (see {@link expectedFailuresFromResults}) and says on `out`
 * how many entries it wrote and which failures no baseline can excuse. A baseline that cannot be
 * written (a disk filled during the run) is said on `out` and `notWritten()` turns true: the caller
 * must not exit 0.
 */
export function baselineReporter(
  path: string,
  clients: ReadonlyMap<string, Pick<ClientAdapterFactory, 'kind'>>,
  out: NodeJS.WritableStream,
  /** The directory paths in the file are written relative to (the user's; default: the process's). */
  baseDir: string = process.cwd(),
): Reporter & { notWritten(): boolean } {
  let failed = false;
  return {
    notWritten: () => failed,
    async onRunEnd(summary) {
      if (summary.interrupted) {
        out.write(`Baseline not written to ${path}: the run was interrupted, so its failures are not all known.\n`);
        return;
      }
      const written = expectedFailuresFromResults(summary.results, clients);
      // No absolute path of this machine goes into a file meant to be committed and shared.
      const entries = written.entries.map((entry) => ({ ...entry, reason: withoutMachinePaths(entry.reason, baseDir) }));
      const command = `toolshift run --write-baseline ${relative(baseDir, path) || path}`;
      try {
        // Through a temporary file, its folder made as the reports' are.
        await replaceFile(path, renderExpectedFailures(entries, command));
      } catch (error) {
        out.write(
          `Baseline NOT written to ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).\n`,
        );
        failed = true;
        return;
      }
      const notes = [
        ...(written.referenceFailures
          ? [`${written.referenceFailures} failing cells of reference clients (never excused)`]
          : []),
        ...(written.harnessErrors ? [`${written.harnessErrors} harness errors`] : []),
      ];
      out.write(
        `Baseline with ${written.entries.length} ${written.entries.length === 1 ? 'entry' : 'entries'} written to ${path}` +
          `${notes.length ? `; not in it: ${notes.join(', ')}` : ''}\n`,
      );
    },
  };
}
