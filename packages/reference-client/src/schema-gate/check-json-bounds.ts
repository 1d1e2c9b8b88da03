import type { GateRejection } from './gate-verdict.js';
import type { SchemaLimits } from './schema-limits.js';

interface Frame {
  value: unknown;
  depth: number;
  parent: Frame | undefined;
  key: string;
}

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
  const stack: Frame[] = [{ value, depth: 0, parent: undefined, key: '' }];
  let nodes = 0;
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const node = frame.value;
    if (++nodes > limits.maxNodes) {
      return { reason: 'too-many-nodes', detail: `more than ${limits.maxNodes} nodes`, pointer };
    }
    if (typeof node === 'string') {
      if (node.length > limits.maxStringLength) {
        return {
          reason: 'string-too-long',
          detail: `string of ${node.length} chars`,
          pointer: pathOf(frame, pointer),
        };
      }
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    if (frame.depth >= limits.maxDepth) {
      return {
        reason: 'too-deep',
        detail: `nested deeper than ${limits.maxDepth}`,
        pointer: pathOf(frame, pointer),
      };
    }
    if (Array.isArray(node)) {
      if (node.length > limits.maxNodes) {
        return {
          reason: 'too-many-nodes',
          detail: `array of ${node.length} items`,
          pointer: pathOf(frame, pointer),
        };
      }
      for (let i = node.length - 1; i >= 0; i--) {
        stack.push({ value: node[i], depth: frame.depth + 1, parent: frame, key: String(i) });
      }
      continue;
    }
    const keys = Object.keys(node);
    if (keys.length > limits.maxProperties) {
      return {
        reason: 'too-many-properties',
        detail: `object with ${keys.length} keys`,
        pointer: pathOf(frame, pointer),
      };
    }
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      if (key.length > limits.maxStringLength) {
        return {
          reason: 'string-too-long',
          detail: `key of ${key.length} chars`,
          pointer: pathOf(frame, pointer),
        };
      }
      stack.push({
        value: (node as Record<string, unknown>)[key],
        depth: frame.depth + 1,
        parent: frame,
        key,
      });
    }
  }
  return undefined;
}

/** Builds the JSON pointer of a frame only when a violation needs it. */
function pathOf(frame: Frame, base: string): string {
  const tokens: string[] = [];
  for (let at: Frame | undefined = frame; at?.parent; at = at.parent) tokens.push(escapePointerToken(at.key));
  return tokens.length === 0 ? base : `${base}/${tokens.reverse().join('/')}`;
}

/** Escapes one JSON pointer token (RFC 6901). */
export function escapePointerToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}
