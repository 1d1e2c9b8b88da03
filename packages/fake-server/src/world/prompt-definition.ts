import type { JsonObject } from './tool-definition.js';

/** One argument a prompt takes (`PromptArgument`). */
export interface PromptArgumentDefinition {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
  [field: string]: unknown;
}

/** One message of a `prompts/get` result (`PromptMessage`): a role and one content block. */
export interface PromptMessageDefinition {
  role: 'user' | 'assistant';
  content: JsonObject;
}

/**
 * A prompt as the fake server serves it in `prompts/list` (`Prompt`): `name` is required, the rest
 * is passed through. `messages` is the fake server's own: what `prompts/get` returns (never listed;
 * `{{argument}}` in a text block is replaced by the argument's value); without it one user message
 * names the prompt and its arguments.
 * @see ../shared/spec/mcp-discovery-spec.md §8
 */
export interface PromptDefinition {
  name: string;
  title?: string;
  description?: string;
  arguments?: PromptArgumentDefinition[];
  icons?: unknown[];
  _meta?: JsonObject;
  messages?: PromptMessageDefinition[];
  [field: string]: unknown;
}

/** A prompt as listed: the definition without the fake server's own `messages`. */
export function listedPrompt(prompt: PromptDefinition): Omit<PromptDefinition, 'messages'> {
  if (!('messages' in prompt)) return prompt;
  const { messages: _messages, ...listed } = prompt;
  return listed;
}
