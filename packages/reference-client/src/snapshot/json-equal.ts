/** Deepest nesting {@link jsonEqual} follows before answering "different". */
const MAX_DEPTH = 128;

/**
 * Structural equality of two JSON values, ignoring object key order (the same equivalence as
 * comparing RFC 8785 forms, without building them). Gives up (false) past depth 128, so a hostile
 * value cannot exhaust the stack.
 */
export function jsonEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i], depth + 1)) return false;
    return true;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(right, key) || !jsonEqual(left[key], right[key], depth + 1)) return false;
  }
  return true;
}
