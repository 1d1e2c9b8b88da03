import type { DiscoveredTool } from '../snapshot/discovered-tool.js';

/**
 * Whether a tool counts as destructive for refresh-before-execute, reading the hints the cautious
 * way: destructive unless it says `readOnlyHint: true` or `destructiveHint: false` (the spec's
 * defaults are `readOnlyHint: false`, `destructiveHint: true`).
 */
export function isDestructive(tool: DiscoveredTool): boolean {
  const hints = tool.annotations ?? {};
  return hints.readOnlyHint !== true && hints.destructiveHint !== false;
}
