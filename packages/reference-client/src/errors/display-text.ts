/** Longest message the client puts in an error or a warning, in characters (UTF-16 code units). */
export const MAX_MESSAGE_CHARS = 2_000;

/** Longest server-controlled name (a tool name, an id) embedded in a message, in characters. */
export const MAX_EMBEDDED_NAME_CHARS = 200;

const SHORT_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * Characters a terminal or a log viewer may act on instead of showing: C0 controls (NUL, ESC, LF…),
 * DEL, C1 controls (CSI U+009B…), the line and paragraph separators, bidirectional formatting
 * (U+200E/F, U+202A–U+202E, U+2066–U+2069), the BOM, and lone surrogates.
 */
const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * A string a server controls (a tool name, an error message, a cursor), made safe to embed in a
 * message a host prints or logs: every character of {@link UNSAFE} shown as an escape (`\u001b`
 * for ESC, `\u0000` for NUL; `\n`, `\r`, `\t` for LF, CR and TAB), and the text cut after
 * `maxChars` characters of output with `… (N more characters)` (N counts the input left out). An
 * escape is never cut in half, nor a surrogate pair. The exact value stays in the structured
 * fields (`toolName`, `data`); only the message is for people.
 */
export function displayText(text: string, maxChars: number = MAX_MESSAGE_CHARS): string {
  if (text.length <= maxChars && !UNSAFE.test(text)) return text;
  let out = '';
  let consumed = 0;
  for (const char of text) {
    const piece = UNSAFE.test(char) ? escapeOf(char) : char;
    if (out.length + piece.length > maxChars) return `${out}… (${text.length - consumed} more characters)`;
    out += piece;
    consumed += char.length;
  }
  return out;
}

function escapeOf(char: string): string {
  return SHORT_ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}
