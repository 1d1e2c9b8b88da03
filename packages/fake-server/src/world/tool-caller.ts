import type { Catalog } from './catalog.js';

/** The outcome of a `tools/call` against the catalog. */
export type CallOutcome =
  | { ok: true; content: Array<{ type: 'text'; text: string }>; isError: false }
  | { ok: false; reason: 'unknown-tool'; name: string };

/**
 * Runs a tool call in the fake world: a known tool echoes its arguments as one text block (JSON);
 * an unknown tool is refused (the eras turn that into -32602, §3).
 */
export function callTool(catalog: Catalog, name: unknown, args: unknown): CallOutcome {
  if (typeof name !== 'string' || !catalog.has(name))
    return { ok: false, reason: 'unknown-tool', name: String(name) };
  return { ok: true, content: [{ type: 'text', text: JSON.stringify(args ?? {}) }], isError: false };
}
