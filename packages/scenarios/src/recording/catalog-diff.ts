import type { CatalogChange, ScriptTool } from '@toolshift/fake-server';

type Tool = ScriptTool & { name: string };

/**
 * The list changes that turn tool list `from` into `to`, exactly (order included), for one
 * `changeCatalog` step: tools gone or changed are removed, then new or changed tools are inserted
 * where `to` has them. When the tools both lists keep are in another order, every tool is replaced.
 * Returns `[]` when the lists are the same.
 */
export function catalogDiff(from: readonly Tool[], to: readonly Tool[]): CatalogChange[] {
  const before = new Map(from.map((tool) => [tool.name, JSON.stringify(tool)]));
  const after = new Map(to.map((tool) => [tool.name, JSON.stringify(tool)]));
  const kept = from.filter((tool) => after.get(tool.name) === before.get(tool.name)).map((tool) => tool.name);
  const keptInTo = to
    .filter((tool) => before.get(tool.name) === after.get(tool.name))
    .map((tool) => tool.name);
  if (
    kept.length === from.length &&
    kept.length === to.length &&
    kept.every((name, i) => name === keptInTo[i])
  )
    return [];
  if (kept.some((name, i) => name !== keptInTo[i])) {
    return [
      ...from.map((tool): CatalogChange => ({ action: 'removeTool', name: tool.name })),
      ...(to.length ? [{ action: 'insertTools', tools: [...to], at: 0 } as CatalogChange] : []),
    ];
  }
  const keptSet = new Set(kept);
  const changes: CatalogChange[] = from
    .filter((tool) => !keptSet.has(tool.name))
    .map((tool) => ({ action: 'removeTool', name: tool.name }));
  to.forEach((tool, index) => {
    if (!keptSet.has(tool.name)) changes.push({ action: 'insertTools', tools: [tool], at: index });
  });
  return changes;
}
