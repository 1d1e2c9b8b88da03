import { type Static, Type } from '@sinclair/typebox';

const Progress = Type.Object(
  {
    progress: Type.Number({ description: 'Progress so far (should grow with each notification).' }),
    total: Type.Optional(Type.Number()),
    message: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

const ScriptedError = Type.Object(
  {
    code: Type.Integer({
      description: 'JSON-RPC error code, any integer (e.g. 404 for a server that misuses HTTP codes).',
    }),
    message: Type.String(),
    data: Type.Optional(Type.Unknown()),
    httpStatus: Type.Optional(
      Type.Integer({
        minimum: 200,
        maximum: 599,
        description:
          'HTTP status of the error response (default server.jsonRpcErrorStatus); 200 puts it inside a 200.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description: 'A JSON-RPC error (code, message, data) and the HTTP status it travels with.',
  },
);

/**
 * One scripted answer: which requests it answers (`method`, `tool`, `requests`, `arguments`), and
 * with exactly one of `result`, `error` or `unanswered`.
 * - `result` for `tools/call`: parts of the `CallToolResult` (`content` blocks, default the echo of
 *   the arguments; `isError`; `structuredContent` as written, or `structured: valid | invalid | omit`
 *   to generate one that the tool's `outputSchema` accepts or rejects, or none; any other field as
 *   written). For every other method the result is sent exactly as written.
 * - `error`: a JSON-RPC error with any code, message and data, and the HTTP status it travels with.
 * - `unanswered: true`: the request is received and never answered (the client has to give up).
 * - `progress`: `notifications/progress` sent first, with the request's `_meta.progressToken` (none
 *   without one); the answer then travels on the request's own stream.
 * - `holdUntil`: the answer (chosen when the request arrived) is sent only once that step ran.
 * Earlier entries win; requests are counted per method (and tool), 1-based.
 */
export const AnswerRuleSchema = Type.Object(
  {
    method: Type.String({ minLength: 1, description: 'The JSON-RPC method answered, e.g. tools/call.' }),
    tool: Type.Optional(Type.String({ minLength: 1, description: 'tools/call: only calls of this tool.' })),
    requests: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1 }), {
        minItems: 1,
        uniqueItems: true,
        description: 'Only these matching requests (1 = the first), counted per method and tool.',
      }),
    ),
    arguments: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description: 'Only requests whose params.arguments hold these values.',
      }),
    ),
    result: Type.Optional(
      Type.Object(
        {},
        {
          additionalProperties: true,
          description:
            'The result: for tools/call parts of a CallToolResult (content, isError, structuredContent or structured: valid | invalid | omit); for any other method sent as written.',
        },
      ),
    ),
    error: Type.Optional(ScriptedError),
    unanswered: Type.Optional(
      Type.Literal(true, { description: 'The request is received and never answered.' }),
    ),
    progress: Type.Optional(
      Type.Array(Progress, {
        minItems: 1,
        maxItems: 1000,
        description: 'notifications/progress sent before the answer (progress, total?, message?).',
      }),
    ),
    holdUntil: Type.Optional(
      Type.String({ minLength: 1, description: 'A step id: the answer waits until that step ran.' }),
    ),
  },
  {
    additionalProperties: false,
    oneOf: [{ required: ['result'] }, { required: ['error'] }, { required: ['unanswered'] }],
    description:
      "One scripted answer: which requests it answers (`method`, `tool`, `requests`, `arguments`), and with exactly one of `result`, `error` or `unanswered`. - `result` for `tools/call`: parts of the `CallToolResult` (`content` blocks, default the echo of the arguments; `isError`; `structuredContent` as written, or `structured: valid | invalid | omit` to generate one that the tool's `outputSchema` accepts or rejects, or none; any other field as written). For every other method the result is sent exactly as written. - `error`: a JSON-RPC error with any code, message and data, and the HTTP status it travels with. - `unanswered: true`: the request is received and never answered (the client has to give up). - `progress`: `notifications/progress` sent first, with the request's `_meta.progressToken` (none without one); the answer then travels on the request's own stream. - `holdUntil`: the answer (chosen when the request arrived) is sent only once that step ran. Earlier entries win; requests are counted per method (and tool), 1-based.",
  },
);
export type AnswerRuleSchema = Static<typeof AnswerRuleSchema>;

/** The script's `answers` section: scripted results and errors, in priority order. */
export const AnswersSectionSchema = Type.Array(AnswerRuleSchema, { maxItems: 10_000 });
