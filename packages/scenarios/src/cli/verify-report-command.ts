import { readFile } from 'node:fs/promises';
import { checkReportDigest } from '../reports/report-digest.js';
import { EXIT } from './exit-codes.js';
import { UsageError } from './usage-error.js';

/** Parsed options of `toolshift verify-report`. */
export interface VerifyReportOptions {
  /** Digests the run printed (`sha256:<hex>`); each file must name one of them. */
  digest?: string[];
}

const DIGEST = /^sha256:[0-9a-f]{64}$/;

/** The run a report file names: its id and start time (JSON fields, or the JUnit comment / HTML meta). */
function runOf(bytes: Buffer): string {
  const text = bytes.toString('utf8', 0, Math.min(bytes.length, 4096));
  const id = /"runId": "([0-9a-f-]+)"|run ([0-9a-f-]{36})/.exec(text);
  const started = /"startedAt": "([^"]+)"|started ([0-9T:.Z-]+)/.exec(text);
  const parts = [
    ...(id ? [`run ${id[1] ?? id[2]}`] : []),
    ...(started ? [`started ${started[1] ?? started[2]}`] : []),
  ];
  return parts.length ? `; ${parts.join(', ')}` : '';
}

/**
 * `toolshift verify-report FILE... [--digest sha256:<hex>...]`: tells, for each report file a run
 * wrote (JSON, JUnit, HTML), whether it is still what the run wrote: its content must hash to the
 * digest it names (see `reports/report-digest.ts`) and, with `--digest` (the digests `toolshift
 * run` printed at its end), that digest must be one the run printed, which a file rewritten with a
 * recomputed digest is not. One line per file.
 * @returns 0 when every file matches, 1 when one does not (named on its line) or names no digest.
 * @throws {UsageError} for a file that cannot be read, or a `--digest` that is not `sha256:` and 64
 *   lowercase hex digits.
 */
export async function verifyReportCommand(
  files: readonly string[],
  options: VerifyReportOptions,
  out: NodeJS.WritableStream = process.stdout,
): Promise<number> {
  const expected = options.digest ?? [];
  for (const digest of expected)
    if (!DIGEST.test(digest))
      throw new UsageError(
        `--digest must be sha256: and 64 lowercase hex digits, as 'toolshift run' prints it (got '${digest}').`,
      );
  let mismatches = 0;
  for (const file of files) {
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (error) {
      throw new UsageError(`Cannot read report ${file}: ${(error as Error).message}`);
    }
    const digest = checkReportDigest(bytes);
    if (!digest) {
      mismatches += 1;
      out.write(
        `${file}: NOT VERIFIED: it names no digest (not a toolshift report, or one from before reports had digests).\n`,
      );
    } else if (digest.stated !== digest.actual) {
      mismatches += 1;
      out.write(
        `${file}: CHANGED after its run wrote it: it names ${digest.stated}, its content hashes to ${digest.actual}.\n`,
      );
    } else if (expected.length > 0 && !expected.includes(digest.stated)) {
      mismatches += 1;
      out.write(
        `${file}: NOT the run's report: it matches its own digest ${digest.stated}, which is not one the run printed (--digest): it was rewritten and sealed again.\n`,
      );
    } else out.write(`${file}: matches (${digest.stated}${runOf(bytes)}).\n`);
  }
  if (mismatches === 0 && expected.length === 0)
    out.write(
      "Each file is as a run wrote it, or was rewritten with a recomputed digest: compare each digest with the one 'toolshift run' printed (or pass those with --digest).\n",
    );
  return mismatches === 0 ? EXIT.ok : EXIT.mismatch;
}
