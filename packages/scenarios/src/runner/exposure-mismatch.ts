import type { ExposedTool } from '@toolshift/assertions';
import type { FakeServer } from '@toolshift/fake-server';
import canonicalize from 'canonicalize';

const canonical = (value: unknown) => canonicalize(value ?? null);
const list = (names: readonly string[]) => `[${names.join(', ')}]`;

/**
 * What differs between a client's exposure for `serverId` and the server's catalog, in words that
 * match the evidence: names missing or extra, names exposed more than once, or (when the names
 * agree) the tools whose input schema differs. `undefined` when nothing differs.
 */
export function describeExposureMismatch(
  exposed: readonly ExposedTool[] | undefined,
  server: FakeServer,
  serverId: string,
): string | undefined {
  const truth = server.tools();
  const held = `the server holds ${list(truth.map((tool) => tool.name))} (catalog revision ${server.catalogRevision})`;
  if (!exposed) return `the client has exposed no tool set yet, while ${held}`;
  const mine = exposed.filter((tool) => tool.serverId === serverId);
  const names = mine.map((tool) => tool.name);
  const truthNames = new Set(truth.map((tool) => tool.name));
  const missing = [...truthNames].filter((name) => !names.includes(name));
  const extra = [...new Set(names.filter((name) => !truthNames.has(name)))];
  const repeated = [...new Set(names.filter((name, index) => names.indexOf(name) !== index))];
  const parts: string[] = [];
  if (missing.length) parts.push(`lacks ${list(missing)}`);
  if (extra.length) parts.push(`has ${list(extra)} the server no longer or never held`);
  if (repeated.length) parts.push(`exposes ${list(repeated)} more than once`);
  if (parts.length === 0) {
    const byName = new Map(truth.map((tool) => [tool.name, tool]));
    const reschemaed = mine
      .filter(
        (tool) =>
          tool.inputSchema !== undefined &&
          canonical(tool.inputSchema) !== canonical(byName.get(tool.name)?.inputSchema),
      )
      .map((tool) => tool.name);
    if (reschemaed.length === 0) return undefined;
    parts.push(
      `exposes the right names, but the input schema of ${list([...new Set(reschemaed)])} differs from the one the server serves`,
    );
  }
  return `the client's exposure for ${serverId} ${parts.join('; ')}, while ${held}`;
}
