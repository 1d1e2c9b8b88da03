/** What replaces a secret in a session recording. */
export const REDACTED = '[redacted]';

/** Header names whose values are credentials (or session capabilities) and never recorded. */
const SECRET_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'api-key',
  'mcp-session-id',
]);

/** JSON keys whose string values are treated as secrets wherever they appear in a message. */
const SECRET_KEY =
  /(^|[_-])(token|secret|password|passwd|api[_-]?key|apikey|authorization|cookie|credentials?|private[_-]?key)s?$/i;

/** `--token=x`, `token: x`, `api_key x` in a command line or free text. */
const SECRET_ASSIGNMENT =
  /\b([\w-]*(?:token|secret|password|passwd|api[_-]?key)[\w-]*)([=:]\s*|\s+)(?!\[redacted\])\S+/gi;

/**
 * Removes secrets from what a session recording keeps, at record time: credential headers
 * (`Authorization` keeps its scheme), values under secret-looking JSON keys, `name=value` pairs
 * naming a secret in text, and every occurrence of the secrets the proxy was given (its upstream
 * headers' values, a URL's password).
 */
export class SecretRedactor {
  private readonly known: string[];

  constructor(secrets: Iterable<string> = []) {
    // Longest first, so a secret containing another is replaced whole; very short values would
    // redact ordinary text, so they are left to the key and header rules.
    this.known = [...new Set(secrets)]
      .filter((secret) => secret.length >= 6)
      .sort((a, b) => b.length - a.length);
  }

  /** Headers with credentials replaced (an `Authorization` value keeps its scheme). */
  headers(headers: Record<string, string> | undefined): Record<string, string> | undefined {
    if (headers === undefined) return undefined;
    const clean: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      const lower = name.toLowerCase();
      if (!SECRET_HEADERS.has(lower)) clean[name] = this.text(value);
      else if (lower === 'authorization' || lower === 'proxy-authorization')
        clean[name] = `${value.split(' ')[0] ?? ''} ${REDACTED}`.trim();
      else clean[name] = REDACTED;
    }
    return clean;
  }

  /** A JSON value with secrets replaced (a deep copy; the input is not changed). */
  value<T>(value: T): T {
    return this.walk(value, undefined) as T;
  }

  /** Free text with known secrets and secret assignments replaced. */
  text(text: string): string {
    let clean = text;
    for (const secret of this.known) clean = clean.split(secret).join(REDACTED);
    return clean.replace(
      SECRET_ASSIGNMENT,
      (_match, name: string, separator: string) => `${name}${separator}${REDACTED}`,
    );
  }

  private walk(value: unknown, key: string | undefined): unknown {
    if (typeof value === 'string')
      return key !== undefined && SECRET_KEY.test(key) ? REDACTED : this.textValue(value);
    if (Array.isArray(value)) return value.map((item) => this.walk(item, undefined));
    if (typeof value === 'object' && value !== null) {
      const copy: Record<string, unknown> = {};
      for (const [name, item] of Object.entries(value)) copy[name] = this.walk(item, name);
      return copy;
    }
    return value;
  }

  /** Only known secrets are replaced inside JSON strings (tool output text is kept as written). */
  private textValue(text: string): string {
    let clean = text;
    for (const secret of this.known) clean = clean.split(secret).join(REDACTED);
    return clean;
  }
}
