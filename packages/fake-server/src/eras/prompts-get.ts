import type { Principal } from '../world/principal.js';
import type { PromptMessageDefinition } from '../world/prompt-definition.js';
import type { World } from '../world/world.js';
import { errorResult, type HandlerResult } from './method-handler.js';
import { WireErrorCode } from './wire-error.js';

/**
 * The era-independent part of `prompts/get`: a listed prompt returns its script `messages` with
 * `{{argument}}` in text blocks replaced by the given arguments (or one user message naming the
 * prompt and its arguments). A missing `name`, non-string-valued `arguments`, an unknown or hidden
 * prompt, or a required argument left out is -32602.
 * @see ../shared/spec/mcp-discovery-spec.md §8
 */
export function getPrompt(
  world: World,
  params: Record<string, unknown> | undefined,
  principal: Principal,
):
  | { ok: true; description?: string; messages: PromptMessageDefinition[] }
  | { ok: false; error: HandlerResult } {
  const invalid = (message: string) => ({
    ok: false as const,
    error: errorResult(WireErrorCode.InvalidParams, `Invalid params: ${message}`),
  });
  const name = params?.name;
  if (typeof name !== 'string' || name.length === 0)
    return invalid('prompts/get needs params.name, a non-empty string');
  const args = params?.arguments ?? {};
  if (typeof args !== 'object' || args === null || Array.isArray(args))
    return invalid('prompts/get params.arguments must be an object');
  const values = args as Record<string, unknown>;
  if (Object.values(values).some((value) => typeof value !== 'string'))
    return invalid('prompts/get argument values must be strings');
  const prompt = world.lists.prompts.get(name);
  if (!prompt || !world.accessOf('prompts').visible(prompt, principal))
    return invalid(`Unknown prompt: ${name}`);
  const missing = (prompt.arguments ?? [])
    .filter((argument) => argument.required === true && values[argument.name] === undefined)
    .map((argument) => argument.name);
  if (missing.length > 0) return invalid(`prompt '${name}' needs the argument(s) ${missing.join(', ')}`);
  const messages = prompt.messages ?? [
    {
      role: 'user' as const,
      content: {
        type: 'text',
        text: `${name}${Object.keys(values).length > 0 ? ` ${JSON.stringify(values)}` : ''}`,
      },
    },
  ];
  return {
    ok: true,
    ...(prompt.description !== undefined ? { description: prompt.description } : {}),
    messages: messages.map((message) => fill(message, values as Record<string, string>)),
  };
}

function fill(message: PromptMessageDefinition, values: Record<string, string>): PromptMessageDefinition {
  const content = message.content;
  if (content.type !== 'text' || typeof content.text !== 'string') return message;
  const text = content.text.replace(/\{\{\s*([^}\s]+)\s*\}\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? (values[key] as string) : whole,
  );
  return { role: message.role, content: { ...content, text } };
}
