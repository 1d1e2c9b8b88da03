import { fail, type Verdict } from './verdict.js';

/** A name listed more than once, and how many times. */
export interface DuplicateName {
  name: string;
  count: number;
}

/** The names that occur more than once in `names`, in first-occurrence order, with their counts. */
export function duplicateNames(names: readonly string[]): DuplicateName[] {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].filter(([, count]) => count > 1).map(([name, count]) => ({ name, count }));
}

/**
 * A failing verdict when the tools `serverId` exposes in one exposure (or offers in one model
 * request) repeat a name: a registry is keyed by `(serverId, toolName)`, so a name listed twice is
 * a finding in itself (e.g. a listing merged with itself: 17 tools, 34 entries), whatever the set
 * of names looks like. `undefined` when every name occurs once.
 * @param what the collection in words, e.g. `the exposure after #12`.
 */
export function duplicateNamesVerdict(
  invariantId: string,
  serverId: string,
  names: readonly string[],
  what: string,
  seq: number,
): Verdict | undefined {
  const repeated = duplicateNames(names);
  if (repeated.length === 0) return undefined;
  const distinct = new Set(names).size;
  const shown = repeated
    .slice(0, 5)
    .map(({ name, count }) => `'${name}' ${count} times`)
    .join(', ');
  return fail(
    invariantId,
    `${serverId}: ${what} lists ${shown}${repeated.length > 5 ? ` and ${repeated.length - 5} more` : ''} (${names.length} entries for ${distinct} distinct tool name(s)).`,
    [{ seq, note: `${names.length} entries, ${distinct} distinct names` }],
    repeated.length === distinct
      ? 'every tool is listed more than once: a listing appended to itself instead of replacing it'
      : 'a tool name keys one tool per server; the duplicates shadow each other',
  );
}
