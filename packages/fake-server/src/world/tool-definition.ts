/** A JSON object (`{}` with string keys). */
export type JsonObject = { [key: string]: unknown };

/**
 * A tool as the fake server serves it in `tools/list` (2026-07-28 `Tool` / 2025-11-25 `Tool`):
 * `name` and `inputSchema` are required; every other field is passed through as written, so a
 * script can serve both well-formed and deliberately hostile definitions.
 * @see ../shared/spec/mcp-discovery-spec.md §2.2
 */
export interface ToolDefinition {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonObject;
  outputSchema?: JsonObject;
  annotations?: JsonObject;
  icons?: unknown[];
  _meta?: JsonObject;
  [field: string]: unknown;
}
