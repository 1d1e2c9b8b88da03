/**
 * The deepest JSON nesting the fake server reads: 256 levels of objects and arrays, counting the
 * message envelope itself as level 1 (so `tools/call` arguments may nest about 250 levels). Deeper
 * input is refused at the door (JSON-RPC -32600, HTTP 400; an admin or script error elsewhere) and
 * never reaches the transcript, whose export (`JSON.stringify`, RFC 8785 canonicalization) recurses
 * once per level and would overflow the stack a few thousand levels down. 256, not less, because
 * scripts must be able to serve hostile but plausible tool schemas (a property nested 80 deep is
 * about 165 levels in a `tools/list` result) for clients to refuse.
 */
export const MAX_NESTING_DEPTH = 256;

/**
 * True when the JSON text nests objects/arrays deeper than `limit`. A single linear scan that
 * skips string contents (escapes included) and never recurses, so it is safe on any input; it does
 * not check the text is valid JSON.
 */
export function textNestsDeeperThan(text: string, limit = MAX_NESTING_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * True when a parsed value nests objects/arrays deeper than `limit`. Iterative, so safe on any
 * value; an object shared by several parents (a YAML alias) is visited once, so cycles end.
 */
export function valueNestsDeeperThan(value: unknown, limit = MAX_NESTING_DEPTH): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  const seen = new Set<object>();
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const current = next.value;
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    if (next.depth > limit) return true;
    seen.add(current);
    for (const child of Object.values(current)) pending.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}
