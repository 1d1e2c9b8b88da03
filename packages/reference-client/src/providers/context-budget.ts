import type { JsonObject } from '../snapshot/discovered-tool.js';

/** Characters per token assumed by {@link estimateTokens} (a common approximation for JSON and English). */
export const CHARS_PER_TOKEN = 4;

/**
 * Estimated model tokens a tool definition costs in a request: its JSON length / 4, rounded up.
 * A heuristic for budgeting and comparison, not a tokenizer.
 */
export function estimateTokens(definition: JsonObject): number {
  return Math.ceil(JSON.stringify(definition).length / CHARS_PER_TOKEN);
}
