import { hash } from 'node:crypto';
import type { RawListing } from '../connection/page-walker.js';
import type { ExcludedTool } from '../schema-gate/gate-verdict.js';
import type { SchemaGate } from '../schema-gate/schema-gate.js';
import { CatalogSnapshot } from './catalog-snapshot.js';
import { canonicalJson, sha256Hex } from './contract-hash.js';
import { createContractRecord } from './contract-record.js';
import { type DiscoveredTool, type Era, executionContract } from './discovered-tool.js';
import { jsonEqual } from './json-equal.js';

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

/** One entry of a listing after the gate: a contract snapshot, or why it was excluded. */
export type PreparedEntry = { ok: true; tool: DiscoveredTool } | { ok: false; excluded: ExcludedTool };

/**
 * Gates and hashes one raw `tools/list` entry (position `index`): the previous record of the same
 * name when nothing it holds changed (key order aside), else a new contract snapshot (schema gate,
 * RFC 8785 + SHA-256, eager compilation; the description screen on first read), else the exclusion. Pure apart
 * from `context.compile`; entries can be prepared page by page while the next page is in flight.
 */
export function prepareEntry(entry: unknown, index: number, context: SnapshotContext): PreparedEntry {
  const { serverId, era, gate, nowMs, previous } = context;
  const reused = reusable(entry, previous);
  if (reused) return { ok: true, tool: reused };
  // The gate freezes the contract parts as it walks them (a contract snapshot is deeply frozen).
  const outcome = gate.check(entry, era, true);
  if (!outcome.ok)
    return { ok: false, excluded: { serverId, name: outcome.name ?? `#${index}`, ...outcome.rejection } };
  let canonical: string;
  try {
    // The server's contract is hashed, not the host's normalization of it.
    canonical = canonicalJson(
      executionContract(outcome.tool, outcome.tool.serverInputSchema ?? outcome.tool.inputSchema),
    );
  } catch (error) {
    return {
      ok: false,
      excluded: {
        serverId,
        name: outcome.tool.name,
        reason: 'not-canonicalizable',
        detail: (error as Error).message,
        pointer: '',
      },
    };
  }
  // The description screen runs when `advisories` is first read (see `createContractRecord`).
  const tool = createContractRecord(serverId, outcome.tool, nowMs, sha256Hex(canonical));
  const uncompilable = context.compile?.(tool);
  if (uncompilable !== undefined) {
    return {
      ok: false,
      excluded: { serverId, name: tool.name, reason: 'invalid-schema', detail: uncompilable, pointer: '' },
    };
  }
  return { ok: true, tool };
}

/**
 * Turns a complete raw listing into a verified {@link CatalogSnapshot}: each entry goes through
 * {@link prepareEntry} (unless `prepared` already holds it, in listing order), then the listing is
 * assembled ({@link assembleCatalogSnapshot}).
 */
export function buildCatalogSnapshot(
  listing: Omit<RawListing, 'entryCount'>,
  context: SnapshotContext,
  prepared: readonly PreparedEntry[] = [],
): CatalogSnapshot {
  const outcomes = listing.entries.map(
    (entry, index) => prepared[index] ?? prepareEntry(entry, index, context),
  );
  return assembleCatalogSnapshot(outcomes, listing, context);
}

/**
 * Assembles a verified {@link CatalogSnapshot} from the prepared entries of a complete listing (in
 * listing order) and its freshness. Two different definitions under one name are both excluded
 * (`duplicate-name`): the identity would be ambiguous. Identical repeats (pages that overlap)
 * collapse into one.
 */
export function assembleCatalogSnapshot(
  prepared: readonly PreparedEntry[],
  listing: Pick<RawListing, 'cacheScope' | 'pageCount' | 'warnings'>,
  context: SnapshotContext,
): CatalogSnapshot {
  const { serverId, era, nowMs } = context;
  const accepted = new Map<string, DiscoveredTool>();
  const excluded: ExcludedTool[] = [];
  const duplicated = new Set<string>();
  for (const outcome of prepared) {
    if (!outcome.ok) {
      excluded.push(outcome.excluded);
      continue;
    }
    const { tool } = outcome;
    const same = accepted.get(tool.name);
    if (same === undefined && !duplicated.has(tool.name)) accepted.set(tool.name, tool);
    else if (same !== undefined && same.contractHash !== tool.contractHash) {
      accepted.delete(tool.name);
      duplicated.add(tool.name);
    }
  }
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
  return new CatalogSnapshot(
    serverId,
    era,
    context.protocolRevision,
    tools,
    excluded,
    catalogHash(tools, context.previous),
    {
      fetchedAtMs: nowMs,
      ttlMs: context.ttlMs,
      expiresAtMs: nowMs + context.ttlMs,
      cacheScope: listing.cacheScope,
    },
    listing.pageCount,
    listing.warnings,
  );
}

/**
 * SHA-256 over the `(name, contractHash)` pairs of `tools` sorted by name: the previous snapshot's
 * hash when it holds the very same records in the same order (an unchanged listing).
 */
function catalogHash(tools: readonly DiscoveredTool[], previous: CatalogSnapshot | undefined): string {
  if (
    previous &&
    previous.tools.length === tools.length &&
    previous.tools.every((tool, i) => tool === tools[i])
  ) {
    return previous.catalogHash;
  }
  // Sorting the lines sorts by name: names are distinct and hold no control character, so a line's
  // U+0000 sorts before any character another name could have at that position.
  const lines = new Array<string>(tools.length);
  for (let i = 0; i < tools.length; i++) lines[i] = `${tools[i]!.name}\u0000${tools[i]!.contractHash}\n`;
  return hash('sha256', lines.sort().join(''), 'hex');
}

const FIELDS = [
  'title',
  'description',
  'inputSchema',
  'outputSchema',
  'annotations',
  'execution',
  '_meta',
] as const;

/**
 * The previous record of this entry when nothing it holds changed (key order aside): the
 * unchanged-refresh fast path, skipping the gate, canonicalization and hashing. Extra fields the
 * record does not keep (`icons`) do not count; a new `_meta` makes a new record (with the same
 * contract hash: `_meta` is not part of the contract).
 */
function reusable(entry: unknown, previous: CatalogSnapshot | undefined): DiscoveredTool | undefined {
  if (!previous || typeof entry !== 'object' || entry === null) return undefined;
  const raw = entry as Record<string, unknown>;
  if (typeof raw.name !== 'string') return undefined;
  const earlier = previous.tool(raw.name);
  if (!earlier) return undefined;
  for (const field of FIELDS) {
    const held =
      field === 'inputSchema' ? (earlier.serverInputSchema ?? earlier.inputSchema) : earlier[field];
    if (!jsonEqual(raw[field], held)) return undefined;
  }
  return earlier;
}
