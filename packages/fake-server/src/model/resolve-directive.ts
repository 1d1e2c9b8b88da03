import type { ModelToolOffer } from '../transcript/model-frame.js';
import { argumentsFromSchema } from './arguments-from-schema.js';
import { describePick, type ModelDirective, type ToolPick } from './model-directive.js';
import type { ModelTurn } from './model-turn.js';
import type { ModelAnswer, ModelWire } from './wire/model-wire.js';

/** Which (server, tool) each offered tool stands for, as far as the caller can tell (same order as the tools). */
export type ToolAttribution = (
  tools: readonly ModelToolOffer[],
) => ReadonlyArray<{ serverId: string; toolName: string } | undefined>;

/** The answer a directive resolves to, with notes on picks that found no offered tool. */
export interface ResolvedDirective {
  answer: ModelAnswer;
  notes: string[];
}

function find(turn: ModelTurn, pick: ToolPick, attribute: ToolAttribution | undefined) {
  if ('name' in pick) return turn.tools.find((tool) => tool.name === pick.name);
  if ('description' in pick) return turn.tools.find((tool) => tool.description?.includes(pick.description));
  const identities = attribute?.(turn.tools) ?? [];
  return turn.tools.find((_tool, i) => {
    const identity = identities[i];
    return identity?.serverId === pick.server && identity.toolName === pick.tool;
  });
}

/**
 * Turns a `tool-calls` or `text` directive into the model's answer to `turn`: each pick becomes a
 * call of an offered tool (its arguments as given, or made up from its schema), or, for a `name`
 * pick no tool has, a call of that name anyway (an unknown or removed tool). A `description` or
 * `server` pick that finds nothing is left out with a note; when none is left the model answers in
 * text saying so.
 */
export function resolveDirective(
  directive: Exclude<ModelDirective, { reply: 'fail' }>,
  turn: ModelTurn,
  wire: ModelWire,
  exchange: number,
  attribute?: ToolAttribution,
): ResolvedDirective {
  if (directive.reply === 'text')
    return { answer: { text: directive.text ?? 'Done.', toolCalls: [] }, notes: [] };
  const notes: string[] = [];
  const answer: ModelAnswer = {
    toolCalls: [],
    ...(directive.text !== undefined ? { text: directive.text } : {}),
  };
  const names: string[] = [];
  for (const call of directive.calls) {
    const tool = find(turn, call.pick, attribute);
    if (!tool && !('name' in call.pick)) {
      notes.push(`no offered tool matches ${describePick(call.pick)}`);
      continue;
    }
    const name = tool?.name ?? (call.pick as { name: string }).name;
    answer.toolCalls.push({
      callId: wire.callId(turn, exchange, answer.toolCalls.length, name, names),
      name,
      arguments: call.arguments ?? argumentsFromSchema(tool?.parameters),
    });
    names.push(name);
  }
  if (answer.toolCalls.length === 0) answer.text ??= `I found no tool to call (${notes.join('; ')}).`;
  return { answer, notes };
}
