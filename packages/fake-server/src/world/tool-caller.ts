import { argumentProblem } from './argument-check.js';
import type { Catalog } from './catalog.js';
import { sampleInstance } from './schema-instances.js';

/** The outcome of a `tools/call` against the catalog. */
export type CallOutcome =
  | {
      ok: true;
      content: Array<{ type: 'text'; text: string }>;
      structuredContent?: unknown;
      /** True when the arguments did not fit the tool's input schema (an execution error, §3). */
      isError: boolean;
    }
  | { ok: false; reason: 'unknown-tool'; name: string };

/**
 * Runs a tool call in the fake world: arguments that do not fit the tool's input schema get an
 * execution error (`isError: true`, naming the first problem), as the official SDK servers
 * answer; otherwise a known tool echoes its arguments as one text block (JSON);
 * a tool with an `outputSchema` also returns a `structuredContent` instance of it (the minimal
 * one: required properties, `const`/`enum`/`default` values first). An unknown tool is refused
 * (the eras turn that into -32602, §3).
 */
export function callTool(catalog: Catalog, name: unknown, args: unknown): CallOutcome {
  const tool = typeof name === 'string' ? catalog.get(name) : undefined;
  if (!tool) return { ok: false, reason: 'unknown-tool', name: String(name) };
  const problem = argumentProblem(tool.inputSchema, args);
  if (problem !== undefined)
    return {
      ok: true,
      content: [{ type: 'text', text: `Invalid arguments for tool ${tool.name}: ${problem}` }],
      isError: true,
    };
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
