import { type Static, Type } from '@sinclair/typebox';
import { StringEnum } from '../json-schema/string-enum.js';

const PromptArgument = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    title: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    required: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);

const PromptMessage = Type.Object(
  {
    role: StringEnum(['user', 'assistant']),
    content: Type.Unsafe<{ type: string; [field: string]: unknown }>({
      type: 'object',
      required: ['type'],
      properties: { type: { type: 'string', minLength: 1 } },
      additionalProperties: true,
      description: 'One content block, e.g. { type: text, text: … }.',
    }),
  },
  { additionalProperties: false },
);

/**
 * A prompt in a script (`Prompt`, both revisions): `name` is required; other fields are served as
 * written. `messages` (the fake server's own, never listed) is what `prompts/get` returns, with
 * `{{argument}}` in text blocks replaced by the arguments given; without it one user message names
 * the prompt and its arguments. A required argument missing from `prompts/get` is -32602.
 */
export const ScriptPrompt = Type.Object(
  {
    name: Type.String({ minLength: 1, description: 'Prompt name, unique within the list.' }),
    title: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    arguments: Type.Optional(Type.Array(PromptArgument)),
    messages: Type.Optional(Type.Array(PromptMessage)),
  },
  {
    additionalProperties: true,
    description:
      "A prompt in a script (`Prompt`, both revisions): `name` is required; other fields are served as written. `messages` (the fake server's own, never listed) is what `prompts/get` returns, with `{{argument}}` in text blocks replaced by the arguments given; without it one user message names the prompt and its arguments. A required argument missing from `prompts/get` is -32602.",
  },
);
export type ScriptPrompt = Static<typeof ScriptPrompt>;
