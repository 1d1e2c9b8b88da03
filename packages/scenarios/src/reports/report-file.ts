import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type SuiteSummary, unfinishedSummary } from '../runner/run-suite.js';
import { sealReport } from './report-digest.js';
import type { Reporter } from './reporter.js';

/** A report file a run wrote: its format, path and digest (`sha256:<hex>`, see `report-digest.ts`). */
export interface WrittenReport {
  format: 'JSON' | 'JUnit' | 'HTML';
  path: string;
  digest: string;
}

/** A reporter that writes one file (see {@link fileReporter}). */
export interface FileReporter extends Reporter {
  readonly format: WrittenReport['format'];
  /** The file as the run's end wrote it (undefined before). */
  written(): WrittenReport | undefined;
}

/**
 * Writes a rendered report to `path`, sealed with its digest (the text must hold the digest
 * placeholder before any content of the run), through a temporary file renamed over `path`, so a
 * reader never sees half a report.
 * @returns the digest (`sha256:<hex>`).
 */
export async function writeReportFile(path: string, text: string): Promise<string> {
  const { bytes, digest } = sealReport(text);
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return digest;
}

/**
 * A reporter writing the run to `path` as `render` draws it: once when the run starts, as a run
 * that has not finished (no result, `interruptedBy: 'unfinished'`, exit code 1: what stays there
 * if toolshift is killed outright, instead of an older run's report), and again when it ends.
 */
export function fileReporter(
  format: WrittenReport['format'],
  path: string,
  render: (summary: SuiteSummary) => string | Promise<string>,
): FileReporter {
  let written: WrittenReport | undefined;
  return {
    format,
    written: () => written,
    async onRunStart(cells, run) {
      await writeReportFile(path, await render(unfinishedSummary(cells, run)));
    },
    async onRunEnd(summary) {
      written = { format, path, digest: await writeReportFile(path, await render(summary)) };
    },
  };
}
