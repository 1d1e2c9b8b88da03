import { createHash } from 'node:crypto';
import type { RawListing } from '../connection/page-walker.js';
import type { ListKind } from '../discovery-machine/list-kind.js';
import { checkJsonBounds } from '../schema-gate/check-json-bounds.js';
import type { SchemaLimits } from '../schema-gate/schema-limits.js';
import { canonicalJson, sha256Hex } from '../snapshot/contract-hash.js';
import { deepFreeze } from '../snapshot/deep-freeze.js';
import type { Era, JsonObject } from '../snapshot/discovered-tool.js';
import type {
  DiscoveredEntry,
  DiscoveredPrompt,
  DiscoveredResource,
  ExcludedEntry,
} from './discovered-entry.js';
import { entryKey, ListSnapshot } from './list-snapshot.js';

/** What {@link buildListSnapshot} needs besides the listing. */
export interface ListSnapshotContext {
  serverId: string;
  era: Era;
  protocolRevision: string;
  nowMs: number;
  /** Effective TTL, ms (already capped / defaulted by the freshness policy). */
  ttlMs: number;
  /** Size bounds per entry (the schema gate's). */
  limits: SchemaLimits;
  /** The previous listing: unchanged entries keep their records (and `discoveredAtMs`). */
  previous?: ListSnapshot<DiscoveredEntry>;
}

type Checked =
  | { ok: true; key: string; fields: Record<string, unknown> }
  | { ok: false; excluded: Omit<ExcludedEntry, 'serverId'> };

const MAX_NAME_LENGTH = 256;

/**
 * Turns a complete raw `prompts/list` or `resources/list` listing into a verified
 * {@link ListSnapshot}: each entry is checked (shape, identity, bounds) and hashed (RFC 8785 +
 * SHA-256, `_meta` left out); an entry failing a check is excluded with the reason and a JSON
 * pointer, the rest stay. Two different entries under one key are both excluded (`duplicate`);
 * identical repeats collapse.
 * @see ../shared/spec/mcp-discovery-spec.md §2.5 (pagination), §7 (freshness)
 */
export function buildListSnapshot(
  list: Exclude<ListKind, 'tools'>,
  listing: Omit<RawListing, 'entryCount'>,
  context: ListSnapshotContext,
): ListSnapshot<DiscoveredEntry> {
  const { serverId, nowMs, previous } = context;
  const accepted = new Map<string, DiscoveredEntry>();
  const excluded: ExcludedEntry[] = [];
  const duplicated = new Set<string>();
  listing.entries.forEach((raw, index) => {
    const checked =
      list === 'prompts'
        ? checkPrompt(raw, index, context.limits)
        : checkResource(raw, index, context.limits);
    if (!checked.ok) {
      excluded.push({ serverId, ...checked.excluded });
      return;
    }
    let canonical: string;
    try {
      canonical = canonicalJson(checked.fields as JsonObject);
    } catch (error) {
      excluded.push({
        serverId,
        key: checked.key,
        reason: 'not-canonicalizable',
        detail: (error as Error).message,
        pointer: '',
      });
      return;
    }
    const contractHash = sha256Hex(canonical);
    const earlier = previous?.entry(checked.key);
    const entry =
      earlier?.contractHash === contractHash
        ? earlier
        : (Object.freeze({
            serverId,
            ...deepFreeze(checked.fields),
            contractHash,
            discoveredAtMs: nowMs,
          }) as unknown as DiscoveredEntry);
    const same = accepted.get(checked.key);
    if (same === undefined && !duplicated.has(checked.key)) accepted.set(checked.key, entry);
    else if (same !== undefined && same.contractHash !== entry.contractHash) {
      accepted.delete(checked.key);
      duplicated.add(checked.key);
    }
  });
  for (const key of duplicated) {
    excluded.push({
      serverId,
      key,
      reason: 'duplicate',
      detail: 'the listing holds two different entries under this key',
      pointer: '',
    });
  }
  const entries = [...accepted.values()];
  const hash = createHash('sha256');
  for (const entry of [...entries].sort((a, b) =>
    entryKey(a) < entryKey(b) ? -1 : entryKey(a) > entryKey(b) ? 1 : 0,
  )) {
    hash.update(`${entryKey(entry)}\u0000${entry.contractHash}\n`);
  }
  return new ListSnapshot(
    list,
    serverId,
    context.era,
    context.protocolRevision,
    entries,
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
  );
}

function checkPrompt(raw: unknown, index: number, limits: SchemaLimits): Checked {
  if (!isObject(raw)) return reject(`#${index}`, 'not-an-object', 'a prompt must be a JSON object', '');
  const name = raw.name;
  if (!validName(name)) {
    return reject(
      typeof name === 'string' ? name.slice(0, MAX_NAME_LENGTH) : `#${index}`,
      'invalid-name',
      `name must be a string of 1-${MAX_NAME_LENGTH} characters without control characters`,
      '/name',
    );
  }
  const bounded = checkJsonBounds(raw, limits, '');
  if (bounded) return reject(name, 'too-large', `${bounded.reason}: ${bounded.detail}`, bounded.pointer);
  const fields: Record<string, unknown> = { name };
  const text = copyStrings(raw, fields, ['title', 'description'], name, limits);
  if (text) return text;
  const args = raw.arguments ?? [];
  if (!Array.isArray(args)) return reject(name, 'invalid-field', 'arguments must be an array', '/arguments');
  const argumentsOut: Record<string, unknown>[] = [];
  for (const [at, argument] of args.entries()) {
    if (!isObject(argument) || !validName(argument.name)) {
      return reject(
        name,
        'invalid-field',
        'each argument needs a name (a string without control characters)',
        `/arguments/${at}`,
      );
    }
    const out: Record<string, unknown> = { name: argument.name };
    for (const field of ['title', 'description'] as const) {
      if (argument[field] === undefined) continue;
      if (typeof argument[field] !== 'string')
        return reject(name, 'invalid-field', `${field} must be a string`, `/arguments/${at}/${field}`);
      out[field] = argument[field];
    }
    if (argument.required !== undefined) {
      if (typeof argument.required !== 'boolean')
        return reject(name, 'invalid-field', 'required must be a boolean', `/arguments/${at}/required`);
      out.required = argument.required;
    }
    argumentsOut.push(out);
  }
  fields.arguments = argumentsOut;
  if (raw.icons !== undefined) {
    if (!Array.isArray(raw.icons)) return reject(name, 'invalid-field', 'icons must be an array', '/icons');
    fields.icons = raw.icons;
  }
  return { ok: true, key: name, fields };
}

function checkResource(raw: unknown, index: number, limits: SchemaLimits): Checked {
  if (!isObject(raw)) return reject(`#${index}`, 'not-an-object', 'a resource must be a JSON object', '');
  const uri = raw.uri;
  if (typeof uri !== 'string' || uri === '' || uri.length > limits.maxStringLength || !URL.canParse(uri)) {
    return reject(
      typeof uri === 'string' ? uri.slice(0, MAX_NAME_LENGTH) : `#${index}`,
      'invalid-uri',
      'uri must be an absolute URI',
      '/uri',
    );
  }
  if (!validName(raw.name))
    return reject(uri, 'invalid-name', 'name must be a string without control characters', '/name');
  const bounded = checkJsonBounds(raw, limits, '');
  if (bounded) return reject(uri, 'too-large', `${bounded.reason}: ${bounded.detail}`, bounded.pointer);
  const fields: Record<string, unknown> = { uri, name: raw.name };
  const text = copyStrings(raw, fields, ['title', 'description', 'mimeType'], uri, limits);
  if (text) return text;
  if (raw.size !== undefined) {
    if (!Number.isSafeInteger(raw.size) || (raw.size as number) < 0)
      return reject(uri, 'invalid-field', 'size must be a non-negative integer', '/size');
    fields.size = raw.size;
  }
  if (raw.annotations !== undefined) {
    if (!isObject(raw.annotations))
      return reject(uri, 'invalid-field', 'annotations must be an object', '/annotations');
    fields.annotations = raw.annotations;
  }
  if (raw.icons !== undefined) {
    if (!Array.isArray(raw.icons)) return reject(uri, 'invalid-field', 'icons must be an array', '/icons');
    fields.icons = raw.icons;
  }
  return { ok: true, key: uri, fields };
}

function copyStrings(
  raw: Record<string, unknown>,
  into: Record<string, unknown>,
  fields: readonly string[],
  key: string,
  limits: SchemaLimits,
): Checked | undefined {
  for (const field of fields) {
    const value = raw[field];
    if (value === undefined) continue;
    if (typeof value !== 'string')
      return reject(key, 'invalid-field', `${field} must be a string`, `/${field}`);
    if (field === 'description' && value.length > limits.maxDescriptionLength) {
      return reject(
        key,
        'too-large',
        `description of ${value.length} chars (limit ${limits.maxDescriptionLength})`,
        '/description',
      );
    }
    into[field] = value;
  }
  return undefined;
}

function reject(key: string, reason: ExcludedEntry['reason'], detail: string, pointer: string): Checked {
  return { ok: false, excluded: { key, reason, detail, pointer } };
}

function validName(name: unknown): name is string {
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_NAME_LENGTH) return false;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export type { DiscoveredPrompt, DiscoveredResource };
