import canonicalize from 'canonicalize';

/** Deepest nesting accepted (the schema gate bounds schemas far below this before hashing). */
const MAX_DEPTH = 1_000;

/**
 * The RFC 8785 (JCS) canonical text of a JSON value, as `canonicalize` computes it, for the values
 * `JSON.parse` produces: object keys sorted by UTF-16 code units, no whitespace, strings and
 * numbers as ECMAScript's `JSON.stringify` writes them. One pass that appends to a single string
 * (no intermediate arrays or strings per level, and each object's keys sorted in a list reused
 * from object to object); a string without quotes, backslashes, controls or surrogates
 * is written as it is, and object keys are quoted once per process (short ones, cached). A value
 * that is not plain JSON data (an object with `toJSON`) is handed to `canonicalize` itself.
 * `canonical-json.property.test.ts` proves it equal to `canonicalize`.
 *
 * The contract hash hashes this text in one call rather than streaming the pieces into the hash:
 * one SHA-256 call over it costs less than one per piece (measured: 10,000 tool contracts, 62–99 ms built then hashed, 125–196 ms
 * streamed piece by piece).
 * @throws {Error} for NaN, ±Infinity, a lone surrogate, or nesting deeper than 1,000.
 */
export function fastCanonicalJson(value: unknown): string {
  // Re-entrant: a `toJSON` reached through `canonicalize` may call back in, with key lists of its own.
  const outer = out;
  const outerKeyLists = keyLists;
  if (writing) keyLists = [];
  const wasWriting = writing;
  writing = true;
  out = '';
  try {
    write(value, 0);
    return out;
  } finally {
    out = outer;
    keyLists = outerKeyLists;
    writing = wasWriting;
  }
}

/** Characters a string needs escaping or checking for: `"`, `\\`, controls, surrogates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what JSON escapes.
const NEEDS_CARE = /["\\\u0000-\u001f\ud800-\udfff]/;
const SURROGATE = /[\uD800-\uDFFF]/;
/** Quoted object keys with their colon, by key: keys repeat across a listing (`type`, `properties`, `description`). */
const quotedKeys = new Map<string, string>();
const MAX_CACHED_KEYS = 4_096;
const MAX_CACHED_KEY_LENGTH = 64;
/**
 * The text written so far: every piece is appended here (one growing string per call rather than
 * a string returned per level and concatenated again by its parent).
 */
let out = '';
/**
 * One key list per nesting depth, reused from object to object (an object's keys are written
 * before any deeper object needs the list of its depth): no key array allocated per object.
 */
let keyLists: string[][] = [];
/** A call is under way (a nested call gets key lists of its own). */
let writing = false;

function write(value: unknown, depth: number): void {
  switch (typeof value) {
    case 'string':
      out += quoteString(value);
      return;
    case 'number':
      if (!Number.isFinite(value))
        throw new Error(Number.isNaN(value) ? 'NaN is not allowed' : 'Infinity is not allowed');
      // For a finite number, JSON.stringify and String write the same text (-0 as 0).
      out += String(value);
      return;
    case 'boolean':
      out += value ? 'true' : 'false';
      return;
    case 'object':
      break;
    default:
      // undefined, functions and symbols have no JSON form of their own.
      out += JSON.stringify(value) as string;
      return;
  }
  if (value === null) {
    out += 'null';
    return;
  }
  if (depth > MAX_DEPTH) throw new Error(`Nesting deeper than ${MAX_DEPTH}`);
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    out += canonicalize(value) as string;
    return;
  }
  if (Array.isArray(value)) {
    out += '[';
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      if (i > 0) out += ',';
      if (item === undefined || typeof item === 'symbol' || typeof item === 'function') out += 'null';
      else write(item, depth + 1);
    }
    out += ']';
    return;
  }
  const object = value as Record<string, unknown>;
  let keys = keyLists[depth];
  if (keys === undefined) keys = keyLists[depth] = [];
  const count = readSortedKeys(object, keys);
  out += '{';
  let first = true;
  for (let i = 0; i < count; i++) {
    const key = keys[i]!;
    const item = object[key];
    if (item === undefined || typeof item === 'symbol' || typeof item === 'function') continue;
    if (first) first = false;
    else out += ',';
    out += quotedKey(key);
    write(item, depth + 1);
  }
  out += '}';
  // A long list is not kept for the next object (nor the keys it holds).
  if (count > INSERTION_SORT_MAX) keys.length = 0;
}

/** Most keys sorted by insertion (`Array.prototype.sort` allocates a work array per call). */
const INSERTION_SORT_MAX = 32;

/**
 * Puts the own enumerable keys of `object` (what `Object.keys` lists) into the first places of
 * `keys`, sorted by UTF-16 code units (what `sort()` does with strings); returns how many.
 */
function readSortedKeys(object: Record<string, unknown>, keys: string[]): number {
  let count = 0;
  for (const key in object) if (Object.hasOwn(object, key)) keys[count++] = key;
  if (count > INSERTION_SORT_MAX) {
    const sorted = keys.slice(0, count).sort();
    for (let i = 0; i < count; i++) keys[i] = sorted[i]!;
    return count;
  }
  for (let i = 1; i < count; i++) {
    const key = keys[i]!;
    let j = i - 1;
    while (j >= 0 && keys[j]! > key) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = key;
  }
  return count;
}

/** `"key":`, escaped as a string is. */
function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = `${quoteString(key)}:`;
    if (key.length <= MAX_CACHED_KEY_LENGTH && quotedKeys.size < MAX_CACHED_KEYS) quotedKeys.set(key, quoted);
  }
  return quoted;
}

function quoteString(text: string): string {
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
