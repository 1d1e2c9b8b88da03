import { createHash } from 'node:crypto';
import type { RawListing } from '../connection/page-walker.js';
import type { ExcludedTool } from '../schema-gate/gate-verdict.js';
import type { SchemaGate } from '../schema-gate/schema-gate.js';
import { CatalogSnapshot } from './catalog-snapshot.js';
import { contractHash } from './contract-hash.js';
import { type DiscoveredTool, type Era, executionContract } from './discovered-tool.js';

/** What {@link buildCatalogSnapshot} needs besides the listing. */
export interface SnapshotContext {
  serverId: string;
  era: Era;
  protocolRevision: string;
  gate: SchemaGate;
  nowMs: number;
  /** Effective TTL for this listing, ms (already capped / defaulted by the freshness policy). */
  ttlMs: number;
  /** The server's previous snapshot: unchanged entries reuse its records (same `discoveredAtMs`). */
  previous?: CatalogSnapshot;
  /** Compiles a new contract's validators now (eager mode); returns why it cannot be compiled, if so. */
  compile?: (tool: DiscoveredTool) => string | undefined;
}

/**
 * Turns a complete raw listing into a verified {@link CatalogSnapshot}: each entry goes through the
 * schema gate and is hashed (RFC 8785 + SHA-256), unless its JSON text is byte-identical to an entry
 * of the previous snapshot, whose record is reused. Two different definitions under one name are
 * both excluded (`duplicate-name`): the identity would be ambiguous. Identical repeats (pages that
 * overlap) collapse into one.
 */
export function buildCatalogSnapshot(listing: RawListing, context: SnapshotContext): CatalogSnapshot {
  const { serverId, era, gate, nowMs, previous } = context;
  const accepted = new Map<string, DiscoveredTool>();
  const excluded: ExcludedTool[] = [];
  const duplicated = new Set<string>();
  const fingerprints = new Map<string, DiscoveredTool>();
  listing.entries.forEach((entry, index) => {
    let text: string | undefined;
    try {
      text = JSON.stringify(entry);
    } catch {
      text = undefined; // too deep for the engine's serializer: the gate's bounds reject it below
    }
    let tool = text !== undefined ? previous?.fingerprints.get(text) : undefined;
    if (!tool) {
      const outcome = gate.check(entry, era, text ?? '');
      if (!outcome.ok) {
        excluded.push({ serverId, name: outcome.name ?? `#${index}`, ...outcome.rejection });
        return;
      }
      let hash: string;
      try {
        hash = contractHash(executionContract(outcome.tool));
      } catch (error) {
        excluded.push({
          serverId,
          name: outcome.tool.name,
          reason: 'not-canonicalizable',
          detail: (error as Error).message,
          pointer: '',
        });
        return;
      }
      const earlier = previous?.tool(outcome.tool.name);
      tool =
        earlier && earlier.contractHash === hash && sameDisplay(earlier, outcome.tool)
          ? earlier
          : Object.freeze({
              serverId,
              ...outcome.tool,
              discoveredAtMs: nowMs,
              contractHash: hash,
              advisories: Object.freeze(outcome.advisories),
            });
      const uncompilable = context.compile?.(tool);
      if (uncompilable !== undefined) {
        excluded.push({
          serverId,
          name: tool.name,
          reason: 'invalid-schema',
          detail: uncompilable,
          pointer: '',
        });
        return;
      }
    }
    if (text !== undefined) fingerprints.set(text, tool);
    const same = accepted.get(tool.name);
    if (same === undefined && !duplicated.has(tool.name)) accepted.set(tool.name, tool);
    else if (same !== undefined && same.contractHash !== tool.contractHash) {
      accepted.delete(tool.name);
      duplicated.add(tool.name);
    }
  });
  for (const name of duplicated) {
    excluded.push({
      serverId,
      name,
      reason: 'duplicate-name',
      detail: 'the listing holds two different definitions under this name',
      pointer: '',
    });
  }
  const tools = [...accepted.values()];
  const hash = createHash('sha256');
  for (const tool of [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    hash.update(`${tool.name}\u0000${tool.contractHash}\n`);
  }
  return new CatalogSnapshot(
    serverId,
    era,
    context.protocolRevision,
    tools,
    excluded,
    hash.digest('hex'),
    {
      fetchedAtMs: nowMs,
      ttlMs: context.ttlMs,
      expiresAtMs: nowMs + context.ttlMs,
      cacheScope: listing.cacheScope,
    },
    listing.pageCount,
    listing.warnings,
    fingerprints,
  );
}

function sameDisplay(earlier: DiscoveredTool, tool: { title?: string }): boolean {
  return earlier.title === tool.title;
}
