import type { GateRejection } from './gate-verdict.js';
import type { SchemaLimits } from './schema-limits.js';

/**
 * Checks that a JSON value stays within `limits` (depth, node count, keys per object, string
 * length) with an explicit stack: never recursion, so a schema nested 10,000 deep is rejected in
 * O(limit) work without touching the call stack. Returns the first violation, or undefined.
 * @param pointer JSON pointer of `value` inside the tool, for the rejection.
 */
export function checkJsonBounds(
  value: unknown,
  limits: SchemaLimits,
  pointer: string,
): GateRejection | undefined {
  const stack: Array<{ value: unknown; depth: number; path: string }> = [{ value, depth: 0, path: pointer }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value: node, depth, path } = stack.pop()!;
    if (++nodes > limits.maxNodes) {
      return { reason: 'too-many-nodes', detail: `more than ${limits.maxNodes} nodes`, pointer };
    }
    if (typeof node === 'string') {
      if (node.length > limits.maxStringLength) {
        return { reason: 'string-too-long', detail: `string of ${node.length} chars`, pointer: path };
      }
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= limits.maxDepth) {
      return { reason: 'too-deep', detail: `nested deeper than ${limits.maxDepth}`, pointer: path };
    }
    if (Array.isArray(node)) {
      if (node.length > limits.maxNodes) {
        return { reason: 'too-many-nodes', detail: `array of ${node.length} items`, pointer: path };
      }
      for (let i = node.length - 1; i >= 0; i--)
        stack.push({ value: node[i], depth: depth + 1, path: `${path}/${i}` });
      continue;
    }
    const keys = Object.keys(node);
    if (keys.length > limits.maxProperties) {
      return { reason: 'too-many-properties', detail: `object with ${keys.length} keys`, pointer: path };
    }
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      if (key.length > limits.maxStringLength) {
        return { reason: 'string-too-long', detail: `key of ${key.length} chars`, pointer: path };
      }
      stack.push({
        value: (node as Record<string, unknown>)[key],
        depth: depth + 1,
        path: `${path}/${escapePointerToken(key)}`,
      });
    }
  }
  return undefined;
}

/** Escapes one JSON pointer token (RFC 6901). */
export function escapePointerToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}
