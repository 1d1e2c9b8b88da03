import { mkdir, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { ToolshiftError } from '@toolshift/fake-server';
import { type SuiteSummary, unfinishedSummary } from '../runner/run-suite.js';
import { sealReport } from './report-digest.js';
import type { Reporter } from './reporter.js';

/** A report file a run wrote: its format, path and digest (`sha256:<hex>`, see `report-digest.ts`). */
export interface WrittenReport {
  format: 'JSON' | 'JUnit' | 'HTML';
  /** Where the report is: the path asked for, or the fallback when that could not be written. */
  path: string;
  digest: string;
  /** Set when the path asked for could not be written at the run's end: that path and why. */
  notWritten?: { path: string; reason: string };
}

/** A reporter that writes one file (see {@link fileReporter}). */
export interface FileReporter extends Reporter {
  readonly format: WrittenReport['format'];
  /** The file as the run's end wrote it (undefined before). */
  written(): WrittenReport | undefined;
}

/** `ENOSPC: no space left on device` from a Node error (or its message). */
function reasonOf(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  const why = /^[A-Z]+: ([^,]+)/.exec(message)?.[1];
  return code ? `${code}${why ? `: ${why}` : ''}` : String(message ?? error);
}

/**
 * Writes a rendered report to `path`, sealed with its digest (the text must hold the digest
 * placeholder before any content of the run), through a temporary file renamed over `path`, so a
 * reader never sees half a report. A symbolic link is followed (its target is replaced); a path
 * that is not a regular file (a device, a FIFO) is refused, since renaming over it would replace it.
 * @returns the digest (`sha256:<hex>`).
 * @throws {ToolshiftError} REPORT_WRITE_FAILED naming the path and the reason (nothing is left behind).
 */
export async function writeReportFile(path: string, text: string): Promise<string> {
  const { bytes, digest } = sealReport(text);
  const target = await realpath(path).catch(() => path);
  const info = await stat(target).catch(() => undefined);
  if (info && !info.isFile())
    throw new ToolshiftError('REPORT_WRITE_FAILED', `Cannot write the report ${path}: not a regular file.`, {
      path,
      reason: 'not a regular file',
    });
  try {
    await replaceFile(target, bytes);
  } catch (error) {
    throw new ToolshiftError('REPORT_WRITE_FAILED', `Cannot write the report ${path} (${reasonOf(error)}).`, {
      path,
      reason: reasonOf(error),
    });
  }
  return digest;
}

/**
 * Writes `data` to `path` through a temporary file beside it, renamed over `path` (a reader never
 * sees half a file), making its folder first; the temporary file is removed when a step fails.
 * @throws the file system's error.
 */
export async function replaceFile(path: string, data: string | Uint8Array): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(temporary, data);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}

/** Where a report goes when its own path fails at the run's end: the temp directory, named by run. */
export function fallbackReportPath(path: string, runId: string): string {
  return join(tmpdir(), `toolshift-${runId || process.pid}-${basename(path)}`);
}

/**
 * A reporter writing the run to `path` as `render` draws it: once when the run starts, as a run
 * that has not finished (no result, `interruptedBy: 'unfinished'`, exit code 1: what stays there
 * if toolshift is killed outright, instead of an older run's report), and again when it ends.
 * When the end's write fails (a disk filled during the run), the report goes to
 * {@link fallbackReportPath} instead and `written()` says so (`notWritten`): a run never ends with
 * its report lost.
 * @throws {ToolshiftError} REPORT_WRITE_FAILED from `onRunStart` when `path` cannot be written
 *   (before any cell runs), or from `onRunEnd` when neither `path` nor the fallback can.
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
      const text = await render(summary);
      try {
        written = { format, path, digest: await writeReportFile(path, text) };
      } catch (error) {
        const reason = (error as ToolshiftError<string>).data?.reason;
        const fallback = fallbackReportPath(path, summary.runId);
        written = {
          format,
          path: fallback,
          digest: await writeReportFile(fallback, text),
          notWritten: { path, reason: typeof reason === 'string' ? reason : String(error) },
        };
      }
    },
  };
}
