import { createHash } from 'node:crypto';

/**
 * Report digests. A report file (JSON, JUnit, HTML) names its own digest: the first `sha256:`
 * followed by 64 lowercase hex digits in the file, which every writer puts before any content of
 * the run (JSON: the `digest` field, third; JUnit: a comment after the XML declaration; HTML: a
 * `<meta name="toolshift-report">` in the head). The digest is the SHA-256 of the file's bytes with
 * those 64 digits replaced by 64 `0`s. `toolshift run` prints each report's digest on its console
 * when it ends; `toolshift verify-report FILE --digest sha256:…` recomputes it, so a report changed
 * after the run (by anything: a process the client left behind, an editor, a later job step) no
 * longer matches the digest the run printed, and one rewritten with a digest recomputed to match
 * itself still differs from the printed one.
 */

/** What a writer puts where the digest goes before sealing (`sha256:` and 64 zeros). */
export const DIGEST_PLACEHOLDER = `sha256:${'0'.repeat(64)}`;

const PREFIX = 'sha256:';
const DIGEST_AT = /sha256:([0-9a-f]{64})/;

/** The byte offset of the digest's 64 hex digits in `bytes`, or -1 when it names none. */
function digestOffset(bytes: Buffer): number {
  // latin1 maps each byte to one character, so string offsets are byte offsets.
  const match = DIGEST_AT.exec(bytes.toString('latin1'));
  return match ? match.index + PREFIX.length : -1;
}

/** `sha256:<hex>` of `bytes` with the 64 digits at `offset` zeroed. */
function digestOf(bytes: Buffer, offset: number): string {
  const zeroed = Buffer.from(bytes);
  zeroed.fill('0', offset, offset + 64, 'latin1');
  return `${PREFIX}${createHash('sha256').update(zeroed).digest('hex')}`;
}

/**
 * Seals a rendered report: its {@link DIGEST_PLACEHOLDER} (which must be the first `sha256:` + 64
 * hex digits in it) becomes the digest of the whole.
 * @returns the bytes to write and the digest (`sha256:<hex>`).
 * @throws {Error} when the text holds no placeholder where the digest goes (a writer's bug).
 */
export function sealReport(text: string): { bytes: Buffer; digest: string } {
  const bytes = Buffer.from(text, 'utf8');
  const offset = digestOffset(bytes);
  if (offset < 0 || bytes.toString('latin1', offset - PREFIX.length, offset + 64) !== DIGEST_PLACEHOLDER)
    throw new Error('the report has no digest placeholder before its content');
  const digest = digestOf(bytes, offset);
  bytes.write(digest.slice(PREFIX.length), offset, 64, 'latin1');
  return { bytes, digest };
}

/**
 * Recomputes a report file's digest.
 * @returns the digest the file names and the one its content has (equal when it was not changed
 *   since it was written), or `undefined` when it names no digest.
 */
export function checkReportDigest(bytes: Buffer): { stated: string; actual: string } | undefined {
  const offset = digestOffset(bytes);
  if (offset < 0) return undefined;
  return {
    stated: `${PREFIX}${bytes.toString('latin1', offset, offset + 64)}`,
    actual: digestOf(bytes, offset),
  };
}
