import type { TranscriptFrame } from '@toolshift/fake-server';
import { canonicalForm as canonical, memoizedCanonicalForm } from './canonical-form.js';
import { listExchanges } from './tool-listings.js';

/** The dialect a schema without `$schema` has (MCP 2025-11-25 and 2026-07-28: JSON Schema 2020-12). */
export const DEFAULT_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/**
 * The schema with a root `$schema` that names the default dialect removed: declaring 2020-12 on a
 * schema that had no `$schema` changes nothing (the spec's default), so it is no rewrite.
 */
function withoutDefaultDialect(value: unknown): unknown {
  if (!isObject(value) || !('$schema' in value)) return value;
  const dialect = value.$schema;
  if (dialect !== DEFAULT_SCHEMA_DIALECT && dialect !== `${DEFAULT_SCHEMA_DIALECT}#`) return value;
  const { $schema: _default, ...rest } = value;
  return rest;
}

/** {@link canonical} of a whole input schema (the default dialect declared or not is the same schema). */
const canonicalSchema = (value: unknown): string => canonical(withoutDefaultDialect(value));

/** One difference between two schemas: the JSON pointer and the value on each side (`undefined` = absent). */
export interface SchemaChange {
  pointer: string;
  from: unknown;
  to: unknown;
}

/** An input schema a server served for a tool, first seen in the answer at `seq`. */
export interface ServedSchema {
  schema: unknown;
  /** `seq` of the first `tools/list` answer that carried it. */
  seq: number;
  /** The catalog revision the server was at when it answered. */
  catalogRevision: number;
}

/**
 * What an exposed input schema is, compared with the server's current one and every one it served:
 * - `current`: equal to the current schema (RFC 8785 canonical form, so key order is no matter);
 * - `stale`: equal to a schema an earlier catalog revision served (`served`), or rewritten from
 *   one: it matches no served schema but differs from an older one in fewer places than from the
 *   current one (`rewrite` then lists the differences from that older one). `changes` is the
 *   JSON-pointer diff from the current schema;
 * - `rewritten`: matches no schema the server served and is closest to the current one: the
 *   client changed it (e.g. normalized it for a model provider). `changes` is the JSON-pointer diff
 *   from the current schema.
 */
export type SchemaFinding =
  | { kind: 'current' }
  | { kind: 'stale'; served: ServedSchema; changes: SchemaChange[]; rewrite?: SchemaChange[] }
  | { kind: 'rewritten'; changes: SchemaChange[] };

/** Every distinct input schema the server served for each tool name, from the transcript's `tools/list` answers. */
export function servedSchemas(transcript: readonly TranscriptFrame[]): Map<string, ServedSchema[]> {
  const served = new Map<string, ServedSchema[]>();
  const seen = new Set<string>();
  const form = memoizedCanonicalForm();
  for (const exchange of listExchanges(transcript)) {
    if (!exchange.tools || !exchange.response) continue;
    for (const tool of exchange.tools) {
      const key = `${tool.name}\u0000${form(tool.inputSchema)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const list = served.get(tool.name) ?? [];
      list.push({
        schema: tool.inputSchema,
        seq: exchange.response.seq,
        catalogRevision: exchange.response.catalogRevision,
      });
      served.set(tool.name, list);
    }
  }
  return served;
}

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The JSON-pointer differences that turn `from` into `to` (leaves only; key order ignored). */
export function schemaChanges(from: unknown, to: unknown, pointer = ''): SchemaChange[] {
  if (pointer === '') {
    from = withoutDefaultDialect(from);
    to = withoutDefaultDialect(to);
  }
  if (canonical(from) === canonical(to)) return [];
  if (isObject(from) && isObject(to)) {
    const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])].sort();
    return keys.flatMap((key) => schemaChanges(from[key], to[key], `${pointer}/${escapePointer(key)}`));
  }
  if (Array.isArray(from) && Array.isArray(to) && from.length === to.length) {
    return from.flatMap((item, index) => schemaChanges(item, to[index], `${pointer}/${index}`));
  }
  return [{ pointer, from, to }];
}

const show = (value: unknown) => (value === undefined ? '(absent)' : JSON.stringify(value).slice(0, 60));

/** `/additionalProperties: false → true; /properties/q: (absent) → {"type":"string"}` (at most `max` changes). */
export function describeChanges(changes: readonly SchemaChange[], max = 4): string {
  const shown = changes.slice(0, max).map((c) => `${c.pointer || '/'}: ${show(c.from)} → ${show(c.to)}`);
  return `${shown.join('; ')}${changes.length > max ? `; and ${changes.length - max} more` : ''}`;
}

/**
 * Classifies an exposed input schema against the server's `current` one and the schemas it
 * `served` for the tool (see {@link SchemaFinding}).
 */
export function classifySchema(
  exposed: unknown,
  current: unknown,
  served: readonly ServedSchema[],
): SchemaFinding {
  const exposedForm = canonicalSchema(exposed);
  const currentForm = canonicalSchema(current);
  if (exposedForm === currentForm) return { kind: 'current' };
  const older = served.filter((entry) => canonicalSchema(entry.schema) !== currentForm);
  const equal = older.find((entry) => canonicalSchema(entry.schema) === exposedForm);
  const changes = schemaChanges(current, exposed);
  if (equal) return { kind: 'stale', served: equal, changes };
  let nearest: { served: ServedSchema; rewrite: SchemaChange[] } | undefined;
  for (const entry of older) {
    const rewrite = schemaChanges(entry.schema, exposed);
    if (rewrite.length < (nearest?.rewrite.length ?? changes.length)) nearest = { served: entry, rewrite };
  }
  if (nearest) return { kind: 'stale', ...nearest, changes };
  return { kind: 'rewritten', changes };
}
