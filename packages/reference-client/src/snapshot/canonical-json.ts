import canonicalize from 'canonicalize';

/** Deepest nesting accepted (the schema gate bounds schemas far below this before hashing). */
const MAX_DEPTH = 1_000;

/**
 * The RFC 8785 (JCS) canonical text of a JSON value, as `canonicalize` computes it, for the values
 * `JSON.parse` produces: object keys sorted by UTF-16 code units, no whitespace, strings and
 * numbers as ECMAScript's `JSON.stringify` writes them. One pass that writes into a single string
 * (no intermediate arrays per level), and it checks lone surrogates only in strings that hold a
 * surrogate at all. A value that is not plain JSON data (an object with `toJSON`) is handed to
 * `canonicalize` itself. `canonical-json.property.test.ts` proves it equal to `canonicalize`.
 * @throws {Error} for NaN, ±Infinity, a lone surrogate, or nesting deeper than 1,000.
 */
export function fastCanonicalJson(value: unknown): string {
  return write(value, 0);
}

const SURROGATE = /[\uD800-\uDFFF]/;

function write(value: unknown, depth: number): string {
  switch (typeof value) {
    case 'string':
      return string(value);
    case 'number':
      if (!Number.isFinite(value))
        throw new Error(Number.isNaN(value) ? 'NaN is not allowed' : 'Infinity is not allowed');
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      // undefined, functions and symbols have no JSON form of their own.
      return JSON.stringify(value) as string;
  }
  if (value === null) return 'null';
  if (depth > MAX_DEPTH) throw new Error(`Nesting deeper than ${MAX_DEPTH}`);
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return canonicalize(value) as string;
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      if (i > 0) out += ',';
      out +=
        item === undefined || typeof item === 'symbol' || typeof item === 'function'
          ? 'null'
          : write(item, depth + 1);
    }
    return `${out}]`;
  }
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object).sort();
  let out = '{';
  let first = true;
  for (const key of keys) {
    const item = object[key];
    if (item === undefined || typeof item === 'symbol' || typeof item === 'function') continue;
    if (!first) out += ',';
    first = false;
    out += `${string(key)}:${write(item, depth + 1)}`;
  }
  return `${out}}`;
}

function string(text: string): string {
  if (SURROGATE.test(text) && hasLoneSurrogate(text)) throw new Error('Lone surrogate is not allowed');
  return JSON.stringify(text);
}

function hasLoneSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return true;
    }
  }
  return false;
}
