/** The most characters of a client's stderr a cell keeps (the last ones; the rest is counted). */
export const CLIENT_STDERR_MAX_CHARS = 16_384;

/**
 * What a client that runs in a process of its own (a `--client-module` client's process, a
 * `command:` or `--command` program) wrote to stderr during one cell: the last {@link CLIENT_STDERR_MAX_CHARS}
 * characters, and how many earlier ones were cut (`truncatedChars`, 0 when it is all there).
 */
export interface ClientStderr {
  text: string;
  truncatedChars: number;
}

/** Collects a process's stderr for one cell, keeping the last `max` characters and counting the rest. */
export class StderrCapture {
  private text = '';
  private dropped = 0;

  constructor(private readonly max = CLIENT_STDERR_MAX_CHARS) {}

  add(chunk: string): void {
    this.text += chunk;
    if (this.text.length > this.max) {
      const cut = this.text.length - this.max;
      this.dropped += cut;
      this.text = this.text.slice(cut);
    }
  }

  /** What was captured, or undefined when the process wrote nothing. */
  result(): ClientStderr | undefined {
    if (this.text === '' && this.dropped === 0) return undefined;
    return { text: this.text, truncatedChars: this.dropped };
  }
}

/** A cell's client stderr as a report shows it: a marker line first when the start was cut. */
export function describeClientStderr(stderr: ClientStderr): string {
  const text = stderr.text.replace(/\n$/, '');
  return stderr.truncatedChars > 0
    ? `[toolshift: truncated, the first ${stderr.truncatedChars} characters of the client's stderr in this cell were dropped; the last ${stderr.text.length} follow]\n${text}`
    : text;
}
