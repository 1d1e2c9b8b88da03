import { hash } from 'node:crypto';

/**
 * A `tools/list` page the client read from the HTTP response bytes itself: the SHA-256 `digest` of
 * the bytes of its `result` value, and that value, decoded on arrival (a page not seen before) or
 * on first use (a page whose digest the listing already knew, see `ListPageReader`).
 *
 * Same bytes, same entries: the bytes are only ever decoded by `JSON.parse` of their UTF-8 text,
 * a pure function of the bytes, so a page whose result bytes have the digest of an earlier page's
 * result decodes to that page's value, entry for entry; everything the client derives from a page
 * (its cursor, freshness hints and each entry's gate verdict and contract) is a function of that
 * value and of the connection's era. A digest that differs (one byte anywhere in the result) is a
 * page decoded again. `framed-page.property.test.ts` holds both directions.
 */
export class FramedPage {
  private bytes: Uint8Array | undefined;
  private value: unknown;

  /**
   * @param digest SHA-256 (base64) of `bytes`.
   * @param bytes the result's bytes, kept until first decoded.
   * @param value the decoded result, when it was decoded on arrival.
   */
  constructor(
    readonly digest: string,
    bytes: Uint8Array | undefined,
    value?: unknown,
  ) {
    if (bytes === undefined) this.value = value;
    else this.bytes = bytes;
  }

  /**
   * The decoded result. The first call on a page kept as bytes decodes them (they decoded once
   * before, under the same digest, so this cannot fail) and releases them.
   */
  result(): unknown {
    if (this.bytes !== undefined) {
      this.value = decodeResult(this.bytes);
      this.bytes = undefined;
    }
    return this.value;
  }
}

/** The SHA-256 (base64) of a result's bytes. */
export function pageDigest(bytes: Uint8Array): string {
  return hash('sha256', bytes, 'base64');
}

/**
 * Decodes a result's bytes as `JSON.parse` of their UTF-8 text, with replacement characters for
 * invalid sequences and a leading U+FEFF kept (inside a response it is not a byte-order mark).
 * @throws {SyntaxError} when the bytes are not one JSON value.
 */
export function decodeResult(bytes: Uint8Array): unknown {
  return JSON.parse(utf8.decode(bytes));
}

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

const encoder = new TextEncoder();
const RESULT_FIRST = encoder.encode('{"result":');
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Where the `result` value of a JSON-RPC response sits in its bytes, when the response is written
 * in one of the usual exact shapes for request `id` (`ID` = `JSON.stringify(id)`):
 * `{"jsonrpc":"2.0","id":ID,"result":R}`, `{"id":ID,"jsonrpc":"2.0","result":R}`,
 * `{"result":R,"jsonrpc":"2.0","id":ID}` or `{"result":R,"id":ID,"jsonrpc":"2.0"}`, optionally
 * followed by JSON whitespace. `start`–`end` are R's bytes. Whether R is one JSON value is not
 * checked here: when it is, the response's JSON value is exactly `{jsonrpc, id, result: R}`.
 * Anything else (an error response, a batch, other spacing or members) is undefined: the caller
 * decodes the whole response as before.
 */
export function locateResult(
  body: Uint8Array,
  id: string | number,
): { start: number; end: number } | undefined {
  let last = body.length - 1;
  while (last >= 0 && isJsonWhitespace(body[last]!)) last--;
  if (last < 1 || body[0] !== OPEN_BRACE || body[last] !== CLOSE_BRACE) return undefined;
  const idText = JSON.stringify(id);
  for (const prefix of [
    `{"jsonrpc":"2.0","id":${idText},"result":`,
    `{"id":${idText},"jsonrpc":"2.0","result":`,
  ]) {
    if (startsWith(body, prefix)) return range(prefix.length, last, body);
  }
  if (!startsWithBytes(body, RESULT_FIRST)) return undefined;
  for (const suffix of [`,"jsonrpc":"2.0","id":${idText}}`, `,"id":${idText},"jsonrpc":"2.0"}`]) {
    if (endsWith(body, last + 1, suffix)) return range(RESULT_FIRST.length, last + 1 - suffix.length, body);
  }
  return undefined;
}

function range(start: number, end: number, body: Uint8Array): { start: number; end: number } | undefined {
  return start < end && end <= body.length ? { start, end } : undefined;
}

/** Whether `body` starts with the UTF-8 bytes of `prefix`. */
function startsWith(body: Uint8Array, prefix: string): boolean {
  return startsWithBytes(body, encoder.encode(prefix));
}

function startsWithBytes(body: Uint8Array, prefix: Uint8Array): boolean {
  if (body.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (body[i] !== prefix[i]) return false;
  return true;
}

function endsWith(body: Uint8Array, end: number, text: string): boolean {
  const suffix = encoder.encode(text);
  if (end < suffix.length) return false;
  const from = end - suffix.length;
  for (let i = 0; i < suffix.length; i++) if (body[from + i] !== suffix[i]) return false;
  return true;
}

function isJsonWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}
