/** How deep a value from a client process may nest (objects and arrays), levels. */
export const MAX_PLAIN_DEPTH = 2000;

/**
 * Why `value` is not plain JSON data, or `undefined` when it is: `null`, booleans, finite numbers,
 * strings, arrays and objects whose prototype is `Object.prototype` (or `null`), nested at most
 * {@link MAX_PLAIN_DEPTH} levels, with no cycle (`undefined` is allowed as an object's property
 * value or an array element, as JSON drops it). What a client process sends over IPC arrives as a
 * structured clone, which also carries `Map`, `Set`, `Date`, typed arrays, `BigInt`, `NaN` and
 * cycles: none of those may reach the runner's checks and reports, which read JSON.
 * @returns a sentence naming where (a JSON pointer) and what, e.g. `/tools/0/inputSchema is a Map`.
 */
export function plainDataProblem(value: unknown): string | undefined {
  return problemAt(value, '', 0, new Set());
}

function problemAt(
  value: unknown,
  pointer: string,
  depth: number,
  ancestors: Set<object>,
): string | undefined {
  const at = pointer || '/';
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : `${at} is ${value} (not a finite number)`;
    case 'undefined':
      return depth === 0 ? `${at} is undefined` : undefined;
    case 'object':
      break;
    default:
      return `${at} is a ${typeof value}`;
  }
  if (value === null) return undefined;
  if (depth >= MAX_PLAIN_DEPTH) return `${at} nests deeper than ${MAX_PLAIN_DEPTH} levels`;
  if (ancestors.has(value)) return `${at} refers back to an enclosing value (a cycle)`;
  const isArray = Array.isArray(value);
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (!isArray && prototype !== Object.prototype && prototype !== null)
    return `${at} is a ${(value as object).constructor?.name ?? 'non-plain object'}`;
  ancestors.add(value);
  try {
    for (const key of Object.keys(value)) {
      const problem = problemAt(
        (value as Record<string, unknown>)[key],
        `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
        depth + 1,
        ancestors,
      );
      if (problem) return problem;
    }
  } finally {
    ancestors.delete(value);
  }
  return undefined;
}

/**
 * `text` with every control character written as a `\uXXXX` escape: what a client process sent may
 * end up in a harness warning, which the console prints (no ANSI sequence or bare line break from
 * the client reaches the terminal).
 */
export function printable(text: string): string {
  return text.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it escapes
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
