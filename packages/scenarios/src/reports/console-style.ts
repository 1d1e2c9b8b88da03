import stringWidth from 'string-width';

/** Terminal colours the console report uses; every one is the identity when colour is off. */
export interface ConsoleStyle {
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

const ansi = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;

/**
 * Whether the console report may colour its output: never when `NO_COLOR` is set to a non-empty
 * value (https://no-color.org) or `TERM=dumb`; always when `FORCE_COLOR` is set to anything but
 * `0`; otherwise only on a TTY.
 */
export function colorEnabled(
  out: NodeJS.WritableStream,
  env: Readonly<Record<string, string | undefined>> = process.env,
): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  if (env.TERM === 'dumb') return false;
  return (out as { isTTY?: boolean }).isTTY === true;
}

/** The colours for `enabled`: ANSI SGR codes, or plain text. */
export function consoleStyle(enabled: boolean): ConsoleStyle {
  if (!enabled) {
    const plain = (text: string) => text;
    return { red: plain, yellow: plain, green: plain, dim: plain, bold: plain };
  }
  return { red: ansi(31, 39), yellow: ansi(33, 39), green: ansi(32, 39), dim: ansi(2, 22), bold: ansi(1, 22) };
}

/** Columns `text` takes on a terminal: wide (CJK, emoji) characters count 2, ANSI codes 0. */
export function displayWidth(text: string): number {
  return stringWidth(text);
}

/** `text` padded with spaces to `width` terminal columns (wide characters counted as two). */
export function padDisplay(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The user-perceived characters of `text` (a flag or a family emoji is one). */
export function graphemes(text: string): string[] {
  return [...segmenter.segment(text)].map((part) => part.segment);
}

/** `text` cut to at most `width` terminal columns, ending in `…` when cut. */
export function truncateDisplay(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let kept = '';
  let used = 0;
  for (const grapheme of graphemes(text)) {
    const w = displayWidth(grapheme);
    if (used + w > width - 1) break;
    kept += grapheme;
    used += w;
  }
  return `${kept}…`;
}
