import { randomUUID } from 'node:crypto';
import { escapeRegExp } from './escape-reg-exp.js';

// Marks an integer id too large for a JavaScript number (beyond ±(2^53−1)): the id travels through
// the server as this marker plus its exact JSON lexeme and is written back as that number. Random per
// process, so no id a client chooses (a string) can ever look like it.
const MARKER = `\u0000toolshift-integer:${randomUUID()}:`;
const ESCAPED_MARKER = JSON.stringify(MARKER).slice(1, -1);
const MARKED = new RegExp(`"${escapeRegExp(ESCAPED_MARKER)}(-?\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?)"`, 'g');

/**
 * The id a request with an unsafe integer id (beyond ±(2^53−1), which `JSON.parse` rounds) is
 * handled under: a string carrying the exact lexeme, written back as that number by
 * {@link stringifyWithExactIds}. `undefined` when the id is a safe integer, or not a number.
 * @param text the request body, one JSON object (already parsed once).
 * @param parsed the `id` `JSON.parse` gave.
 */
export function exactIntegerId(text: string, parsed: unknown): string | undefined {
  if (typeof parsed !== 'number' || !Number.isInteger(parsed) || Number.isSafeInteger(parsed))
    return undefined;
  const lexeme = topLevelLexeme(text, 'id');
  return lexeme === undefined ? undefined : `${MARKER}${lexeme}`;
}

/** True for an id made by {@link exactIntegerId}. */
export function isExactIntegerId(id: unknown): id is string {
  return typeof id === 'string' && id.startsWith(MARKER);
}

/** Another integer id, for the `wrongId` fault: the lexeme with a digit more. */
export function otherExactIntegerId(id: string): string {
  const lexeme = id.slice(MARKER.length);
  return `${MARKER}${/^-?\d+$/.test(lexeme) ? `${lexeme}1` : '1'}`;
}

/** `JSON.stringify`, with every id made by {@link exactIntegerId} written as its exact number. */
export function stringifyWithExactIds(value: unknown): string {
  const text = JSON.stringify(value);
  return text.includes(ESCAPED_MARKER) ? text.replace(MARKED, '$1') : text;
}

/**
 * The raw JSON text of the last top-level member `name` of the object in `text` (the one
 * `JSON.parse` keeps), or `undefined`. `text` must be valid JSON.
 */
function topLevelLexeme(text: string, name: string): string | undefined {
  let index = skipSpace(text, 0);
  if (text[index] !== '{') return undefined;
  index += 1;
  let found: string | undefined;
  for (;;) {
    index = skipSpace(text, index);
    if (text[index] === '}') return found;
    const keyEnd = stringEnd(text, index);
    const key = JSON.parse(text.slice(index, keyEnd)) as string;
    index = skipSpace(text, keyEnd);
    index = skipSpace(text, index + 1); // ':'
    const valueEnd = valueEndAt(text, index);
    if (key === name) found = text.slice(index, valueEnd);
    index = skipSpace(text, valueEnd);
    if (text[index] === ',') index += 1;
    else return found;
  }
}

function skipSpace(text: string, index: number): number {
  let at = index;
  while (at < text.length && ' \t\n\r'.includes(text[at] as string)) at += 1;
  return at;
}

/** The index after the string starting at `index` (a `"`). */
function stringEnd(text: string, index: number): number {
  let at = index + 1;
  while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
  return at + 1;
}

/** The index after the JSON value starting at `index`. */
function valueEndAt(text: string, index: number): number {
  const first = text[index];
  if (first === '"') return stringEnd(text, index);
  if (first === '{' || first === '[') {
    let depth = 0;
    let at = index;
    while (at < text.length) {
      const char = text[at];
      if (char === '"') {
        at = stringEnd(text, at);
        continue;
      }
      if (char === '{' || char === '[') depth += 1;
      else if (char === '}' || char === ']') {
        depth -= 1;
        if (depth === 0) return at + 1;
      }
      at += 1;
    }
    return at;
  }
  let at = index;
  while (at < text.length && !',}] \t\n\r'.includes(text[at] as string)) at += 1;
  return at;
}
