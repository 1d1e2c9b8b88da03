import { decodeUtf8 } from '../transport-refusal.js';

/** What {@link LineSplitter} found in a chunk: a complete line, a line longer than the limit, or one that is not UTF-8. */
export type SplitLine =
  | { kind: 'line'; text: string }
  | { kind: 'oversize'; bytes: number }
  | { kind: 'invalid-utf8'; bytes: number };

/**
 * Cuts a byte stream into newline-delimited lines (`\n`, an optional `\r` before it is dropped;
 * blank lines are skipped), each decoded as strict UTF-8 (a line that is not is reported as `invalid-utf8`). A line longer than `maxLineBytes` is reported once as `oversize` and
 * discarded up to its newline, so one huge message never grows memory without bound.
 */
export class LineSplitter {
  private buffered: Buffer[] = [];
  private bufferedBytes = 0;
  private discarding = false;
  private discardedBytes = 0;

  constructor(private readonly maxLineBytes: number) {}

  /** Feeds one chunk; returns the lines it completed, in order. */
  push(chunk: Buffer): SplitLine[] {
    const out: SplitLine[] = [];
    let start = 0;
    for (let newline = chunk.indexOf(0x0a, start); newline !== -1; newline = chunk.indexOf(0x0a, start)) {
      this.take(chunk.subarray(start, newline));
      this.finishLine(out);
      start = newline + 1;
    }
    if (start < chunk.length) this.take(chunk.subarray(start));
    return out;
  }

  /** The input ended: a last line without a newline still counts. */
  end(): SplitLine[] {
    const out: SplitLine[] = [];
    if (this.bufferedBytes > 0 || this.discarding) this.finishLine(out);
    return out;
  }

  private take(part: Buffer): void {
    if (part.length === 0) return;
    if (this.discarding) {
      this.discardedBytes += part.length;
      return;
    }
    if (this.bufferedBytes + part.length > this.maxLineBytes) {
      this.discarding = true;
      this.discardedBytes = this.bufferedBytes + part.length;
      this.buffered = [];
      this.bufferedBytes = 0;
      return;
    }
    this.buffered.push(part);
    this.bufferedBytes += part.length;
  }

  private finishLine(out: SplitLine[]): void {
    if (this.discarding) {
      out.push({ kind: 'oversize', bytes: this.discardedBytes });
      this.discarding = false;
      this.discardedBytes = 0;
      return;
    }
    const bytes = Buffer.concat(this.buffered, this.bufferedBytes);
    this.buffered = [];
    this.bufferedBytes = 0;
    let text = decodeUtf8(bytes);
    if (text === undefined) {
      out.push({ kind: 'invalid-utf8', bytes: bytes.length });
      return;
    }
    if (text.endsWith('\r')) text = text.slice(0, -1);
    if (text.trim().length > 0) out.push({ kind: 'line', text });
  }
}
