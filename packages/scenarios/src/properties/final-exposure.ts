import type { ExposedTool, RunRecord } from '@toolshift/assertions';
import canonicalize from 'canonicalize';
import type { CatalogTool } from '../arbitraries/catalog.js';

const canonical = (value: unknown) => canonicalize(value ?? null) ?? 'null';

/** The client's last exposure of one connection (undefined when it never exposed anything). */
export function finalExposure(record: RunRecord, serverId: string): ExposedTool[] | undefined {
  const last = record.observations.filter((o) => o.kind === 'exposure').at(-1);
  return last?.kind === 'exposure' ? last.tools.filter((tool) => tool.serverId === serverId) : undefined;
}

/**
 * Compares a connection's final exposure with the model's catalog: every tool with a valid schema
 * must be exposed with its current schema, and nothing outside the catalog may be; a hostile tool
 * may be exposed or withheld. Returns a one-line disagreement, or undefined.
 */
export function compareWithModel(
  record: RunRecord,
  serverId: string,
  expected: readonly CatalogTool[],
): string | undefined {
  const exposed = finalExposure(record, serverId) ?? [];
  const byName = new Map(expected.map((tool) => [tool.name, tool]));
  const missing = expected.filter((tool) => !tool.hostile && !exposed.some((e) => e.name === tool.name));
  const foreign = exposed.filter((tool) => !byName.has(tool.name));
  const stale = exposed.filter((tool) => {
    const truth = byName.get(tool.name);
    return (
      truth &&
      !truth.hostile &&
      tool.inputSchema !== undefined &&
      canonical(tool.inputSchema) !== canonical(truth.inputSchema)
    );
  });
  if (missing.length + foreign.length + stale.length === 0) return undefined;
  const names = (tools: ReadonlyArray<{ name: string }>) => tools.map((tool) => `'${tool.name}'`).join(', ');
  return [
    `${serverId} ended exposing [${exposed.map((tool) => tool.name).join(', ')}]`,
    missing.length ? `missing ${names(missing)}` : '',
    foreign.length ? `not in the catalog ${names(foreign)}` : '',
    stale.length ? `stale schema for ${names(stale)}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}
