/**
 * Which tool a scripted model calls, chosen from the tools the request offers:
 * - `name`: literally this model-facing name (it may not be offered: an unknown or removed tool);
 * - `description`: the first offered tool whose description contains this text;
 * - `server` + `tool`: the offered tool that stands for this MCP tool of this server (the provider's
 *   `attribute` option says which offered tool is whose).
 */
export type ToolPick = { name: string } | { description: string } | { server: string; tool: string };

/** One tool call of a scripted answer: the pick, and its arguments (absent: made up from the tool's schema). */
export interface ScriptedCall {
  pick: ToolPick;
  arguments?: Record<string, unknown>;
}

/**
 * What the scripted model does with one request:
 * - `text`: answers in text (ends the agent's turn);
 * - `tool-calls`: calls one tool, or several in parallel;
 * - `fail`: the provider fails with `status` (429, 500, 503, 529 …) in its own error shape.
 */
export type ModelDirective =
  | { reply: 'text'; text?: string }
  | { reply: 'tool-calls'; calls: ScriptedCall[]; text?: string }
  | { reply: 'fail'; status: number; message?: string };

/** The default answer when nothing is scripted: text. */
export const DEFAULT_DIRECTIVE: ModelDirective = { reply: 'text', text: 'Done.' };

/** A pick in a few words, for notes and errors. */
export function describePick(pick: ToolPick): string {
  if ('name' in pick) return `name ${JSON.stringify(pick.name)}`;
  if ('description' in pick) return `description "${pick.description}"`;
  return `${pick.server}/${pick.tool}`;
}
