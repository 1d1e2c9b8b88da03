import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { JsonObject } from './discovered-tool.js';

/**
 * SHA-256 (lowercase hex) of the RFC 8785 (JCS) canonical form of `value`.
 * @throws {Error} when `value` is not canonicalizable JSON (a lone surrogate, NaN, a cycle); callers
 * that take server input catch it and exclude the tool.
 */
export function contractHash(value: JsonObject): string {
  const canonical = canonicalize(value);
  if (canonical === undefined) throw new Error('Value has no JSON form');
  return createHash('sha256').update(canonical).digest('hex');
}
