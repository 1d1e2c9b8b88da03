import type { ExcludedTool } from '../schema-gate/gate-verdict.js';
import { CatalogSnapshot } from './catalog-snapshot.js';
import { deepFreeze } from './deep-freeze.js';
import type { DiscoveredTool } from './discovered-tool.js';

/** A {@link CatalogSnapshot} as plain JSON, for a snapshot store. */
export interface StoredCatalogSnapshot {
  version: 1;
  serverId: string;
  era: 'legacy' | 'modern';
  protocolRevision: string;
  tools: DiscoveredTool[];
  excluded: ExcludedTool[];
  catalogHash: string;
  freshness: CatalogSnapshot['freshness'];
  pageCount: number;
  warnings: string[];
}

/** The JSON form of a snapshot (tools and exclusions as they are: already plain data). */
export function storeCatalogSnapshot(snapshot: CatalogSnapshot): StoredCatalogSnapshot {
  return {
    version: 1,
    serverId: snapshot.serverId,
    era: snapshot.era,
    protocolRevision: snapshot.protocolRevision,
    tools: [...snapshot.tools],
    excluded: [...snapshot.excluded],
    catalogHash: snapshot.catalogHash,
    freshness: snapshot.freshness,
    pageCount: snapshot.pageCount,
    warnings: [...snapshot.warnings],
  };
}

const HASH = /^[0-9a-f]{64}$/;

/**
 * Rebuilds a snapshot from its stored JSON, checking its shape; a store written by someone else is
 * input like any other. The result is for display (last-known): restored tools are never executed
 * before a listing verifies them, and never reused to skip the schema gate.
 * @returns the snapshot, or where the stored value breaks which rule (`/tools/3/contractHash: …`).
 */
export function restoreCatalogSnapshot(
  value: unknown,
  serverId: string,
): { ok: true; snapshot: CatalogSnapshot } | { ok: false; problem: string } {
  const problem = (pointer: string, rule: string) => ({
    ok: false as const,
    problem: `${pointer || '/'}: ${rule}`,
  });
  if (!isObject(value)) return problem('', 'must be an object');
  if (value.version !== 1) return problem('/version', 'must be 1');
  if (value.serverId !== serverId) return problem('/serverId', `must be ${JSON.stringify(serverId)}`);
  if (value.era !== 'legacy' && value.era !== 'modern')
    return problem('/era', "must be 'legacy' or 'modern'");
  if (typeof value.protocolRevision !== 'string') return problem('/protocolRevision', 'must be a string');
  if (typeof value.catalogHash !== 'string' || !HASH.test(value.catalogHash)) {
    return problem('/catalogHash', 'must be a SHA-256 hex digest');
  }
  const freshness = value.freshness;
  if (
    !isObject(freshness) ||
    !['fetchedAtMs', 'ttlMs', 'expiresAtMs'].every((field) => Number.isFinite(freshness[field])) ||
    (freshness.cacheScope !== 'public' && freshness.cacheScope !== 'private')
  ) {
    return problem('/freshness', 'must hold fetchedAtMs, ttlMs, expiresAtMs (numbers) and cacheScope');
  }
  if (!Number.isInteger(value.pageCount)) return problem('/pageCount', 'must be an integer');
  if (!Array.isArray(value.warnings) || !value.warnings.every((w) => typeof w === 'string')) {
    return problem('/warnings', 'must be an array of strings');
  }
  if (!Array.isArray(value.tools)) return problem('/tools', 'must be an array');
  const names = new Set<string>();
  for (const [index, tool] of value.tools.entries()) {
    const at = `/tools/${index}`;
    if (!isObject(tool)) return problem(at, 'must be an object');
    if (tool.serverId !== serverId) return problem(`${at}/serverId`, `must be ${JSON.stringify(serverId)}`);
    if (typeof tool.name !== 'string' || tool.name === '')
      return problem(`${at}/name`, 'must be a non-empty string');
    if (names.has(tool.name)) return problem(`${at}/name`, `duplicates ${JSON.stringify(tool.name)}`);
    names.add(tool.name);
    if (!isObject(tool.inputSchema)) return problem(`${at}/inputSchema`, 'must be an object');
    for (const field of ['outputSchema', 'annotations', 'execution', 'serverInputSchema'] as const) {
      if (tool[field] !== undefined && !isObject(tool[field]))
        return problem(`${at}/${field}`, 'must be an object');
    }
    for (const field of ['title', 'description'] as const) {
      if (tool[field] !== undefined && typeof tool[field] !== 'string')
        return problem(`${at}/${field}`, 'must be a string');
    }
    if (typeof tool.contractHash !== 'string' || !HASH.test(tool.contractHash)) {
      return problem(`${at}/contractHash`, 'must be a SHA-256 hex digest');
    }
    if (!Number.isFinite(tool.discoveredAtMs)) return problem(`${at}/discoveredAtMs`, 'must be a number');
    if (!Array.isArray(tool.advisories)) return problem(`${at}/advisories`, 'must be an array');
  }
  if (
    !Array.isArray(value.excluded) ||
    !value.excluded.every((entry) => isObject(entry) && typeof entry.name === 'string')
  ) {
    return problem('/excluded', 'must be an array of excluded tools');
  }
  const tools = (value.tools as DiscoveredTool[]).map((tool) => deepFreeze(structuredClone(tool)));
  const snapshot = new CatalogSnapshot(
    serverId,
    value.era,
    value.protocolRevision,
    tools,
    structuredClone(value.excluded) as ExcludedTool[],
    value.catalogHash,
    { ...(freshness as unknown as CatalogSnapshot['freshness']) },
    value.pageCount as number,
    [...(value.warnings as string[])],
  );
  return { ok: true, snapshot };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
