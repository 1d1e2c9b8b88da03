import canonicalize from 'canonicalize';

/** Deepest nesting accepted (the schema gate bounds schemas far below this before hashing). */
const MAX_DEPTH = 1_000;

/**
 * The RFC 8785 (JCS) canonical text of a JSON value, as `canonicalize` computes it, for the values
 * `JSON.parse` produces: object keys sorted by UTF-16 code units, no whitespace, strings and
 * numbers as ECMAScript's `JSON.stringify` writes them. One pass that writes into a single string
 * (no intermediate arrays per level); a string without quotes, backslashes, controls or surrogates
 * is written as it is, and object keys are quoted once per process (short ones, cached). A value
 * that is not plain JSON data (an object with `toJSON`) is handed to `canonicalize` itself.
 * `canonical-json.property.test.ts` proves it equal to `canonicalize`.
 *
 * The contract hash hashes this text in one call rather than streaming the pieces into the hash:
 * the text is needed anyway (the description screen reads it), and one SHA-256 call over it costs
 * less than one per piece (measured: 10,000 tool contracts, 62–99 ms built then hashed, 125–196 ms
 * streamed piece by piece).
 * @throws {Error} for NaN, ±Infinity, a lone surrogate, or nesting deeper than 1,000.
 */
export function fastCanonicalJson(value: unknown): string {
  return write(value, 0);
}

/** Characters a string needs escaping or checking for: `"`, `\\`, controls, surrogates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what JSON escapes.
const NEEDS_CARE = /["\\\u0000-\u001f\ud800-\udfff]/;
const SURROGATE = /[\uD800-\uDFFF]/;
/** Quoted object keys, by key: keys repeat across a listing (`type`, `properties`, `description`). */
const quotedKeys = new Map<string, string>();
const MAX_CACHED_KEYS = 4_096;
const MAX_CACHED_KEY_LENGTH = 64;

function write(value: unknown, depth: number): string {
  switch (typeof value) {
    case 'string':
      return string(value);
    case 'number':
      if (!Number.isFinite(value))
        throw new Error(Number.isNaN(value) ? 'NaN is not allowed' : 'Infinity is not allowed');
      // For a finite number, JSON.stringify and String write the same text (-0 as 0).
      return String(value);
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
  const keys = sortKeys(Object.keys(object));
  let out = '{';
  let first = true;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const item = object[key];
    if (item === undefined || typeof item === 'symbol' || typeof item === 'function') continue;
    if (!first) out += ',';
    first = false;
    out += `${quotedKey(key)}:${write(item, depth + 1)}`;
  }
  return `${out}}`;
}

/** Longest key list sorted by insertion (in place, no allocation: `Array.prototype.sort` allocates a work array per call). */
const INSERTION_SORT_MAX = 32;

/** Sorts keys by UTF-16 code units (what `sort()` does with strings), in place. */
function sortKeys(keys: string[]): string[] {
  if (keys.length > INSERTION_SORT_MAX) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    while (j >= 0 && keys[j]! > key) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = key;
  }
  return keys;
}

function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = string(key);
    if (key.length <= MAX_CACHED_KEY_LENGTH && quotedKeys.size < MAX_CACHED_KEYS) quotedKeys.set(key, quoted);
  }
  return quoted;
}

function string(text: string): string {
  if (!NEEDS_CARE.test(text)) return `"${text}"`;
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
