import { writeFile } from 'node:fs/promises';
import type { ClientAdapterFactory } from '../adapters/client-adapter.js';
import { expectedFailuresFromResults, renderExpectedFailures } from '../baseline/write-expected-failures.js';
import type { Reporter } from './reporter.js';

/**
 * `--write-baseline FILE`: at the end of the run, writes the current failures of the clients under
 * test as an expected-failures baseline (see {@link expectedFailuresFromResults}) and says on `out`
 * how many entries it wrote and which failures no baseline can excuse.
 */
export function baselineReporter(
  path: string,
  clients: ReadonlyMap<string, Pick<ClientAdapterFactory, 'kind'>>,
  out: NodeJS.WritableStream,
): Reporter {
  return {
    async onRunEnd(summary) {
      if (summary.interrupted) {
        out.write(`Baseline not written to ${path}: the run was interrupted, so its failures are not all known.\n`);
        return;
      }
      const written = expectedFailuresFromResults(summary.results, clients);
      await writeFile(path, renderExpectedFailures(written.entries, `toolshift run --write-baseline ${path}`));
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
