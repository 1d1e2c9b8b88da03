import type { Catalog } from './catalog.js';
import type { JsonObject } from './tool-definition.js';

/** The outcome of a `tools/call` against the catalog. */
export type CallOutcome =
  | {
      ok: true;
      content: Array<{ type: 'text'; text: string }>;
      structuredContent?: unknown;
      isError: false;
    }
  | { ok: false; reason: 'unknown-tool'; name: string };

/**
 * Runs a tool call in the fake world: a known tool echoes its arguments as one text block (JSON);
 * a tool with an `outputSchema` also returns a `structuredContent` instance of it (the minimal
 * one: required properties, `const`/`enum`/`default` values first). An unknown tool is refused
 * (the eras turn that into -32602, §3).
 */
export function callTool(catalog: Catalog, name: unknown, args: unknown): CallOutcome {
  const tool = typeof name === 'string' ? catalog.get(name) : undefined;
  if (!tool) return { ok: false, reason: 'unknown-tool', name: String(name) };
  if (tool.outputSchema) {
    const structuredContent = sampleInstance(tool.outputSchema, 0);
    return {
      ok: true,
      content: [{ type: 'text', text: JSON.stringify(structuredContent) }],
      structuredContent,
      isError: false,
    };
  }
  return { ok: true, content: [{ type: 'text', text: JSON.stringify(args ?? {}) }], isError: false };
}

/** A small instance of a JSON Schema (covers the keywords tool output schemas commonly use). */
export function sampleInstance(schema: unknown, depth: number): unknown {
  if (typeof schema !== 'object' || schema === null || depth > 8) return null;
  const s = schema as JsonObject;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if ('default' in s) return s.default;
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object': {
      const out: JsonObject = {};
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      const required = Array.isArray(s.required) ? (s.required as string[]) : [];
      for (const key of required) out[key] = sampleInstance(properties[key] ?? {}, depth + 1);
      return out;
    }
    case 'array':
      return [];
    case 'string':
      return s.format === 'uri' ? 'https://example.com/' : 'sample';
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return {};
  }
}
