import { hash } from 'node:crypto';
import { fastCanonicalJson } from './canonical-json.js';
import type { JsonObject } from './discovered-tool.js';

/**
 * The RFC 8785 (JCS) canonical JSON text of `value` (`fastCanonicalJson`: the same text as the
 * `canonicalize` package, proven by a property test, at a fraction of its cost).
 * @throws {Error} when `value` has no canonical form (a lone surrogate, NaN, a cycle); callers
 * that take server input catch it and exclude the tool.
 */
export function canonicalJson(value: JsonObject): string {
  return fastCanonicalJson(value);
}

/** SHA-256 (lowercase hex) of a canonical JSON text. */
export function sha256Hex(canonical: string): string {
  return hash('sha256', canonical, 'hex');
}

/**
 * SHA-256 (lowercase hex) of the RFC 8785 canonical form of `value`: key order and whitespace
 * never change it.
 * @throws {Error} as {@link canonicalJson}.
 */
export function contractHash(value: JsonObject): string {
  return sha256Hex(canonicalJson(value));
}
