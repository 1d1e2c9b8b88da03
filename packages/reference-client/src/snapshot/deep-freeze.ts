/**
 * Freezes `value` and every object and array inside it, in place, and returns it. Iterative, so a
 * deep document cannot overflow the stack. Used on the contract parts of a discovered tool
 * (schemas, annotations): validators are cached by contract hash, so a host that mutated a schema
 * after discovery would silently validate against something else.
 */
export function deepFreeze<T>(value: T): T {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null || Object.isFrozen(next)) continue;
    Object.freeze(next);
    for (const child of Object.values(next)) {
      if (typeof child === 'object' && child !== null) pending.push(child);
    }
  }
  return value;
}
