import { type Static, Type } from '@sinclair/typebox';
import { StringEnum } from '../json-schema/string-enum.js';

const EraName = StringEnum(['legacy', 'modern']);

/**
 * The script's `server` section: identity (`name`, `version`, `instructions`), the eras served, what
 * is advertised and announced, the status of ordinary JSON-RPC errors and the legacy session TTL.
 * `capabilities` replaces the derived capabilities object of `initialize` and `server/discover`
 * exactly, right or wrong (e.g. `tools: {}` without `listChanged` while changes are still
 * announced); what is served and announced stays as the other settings say.
 * @see ../shared/spec/mcp-discovery-spec.md §1.2, §1.5
 */
export const ServerSectionSchema = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1 })),
    version: Type.Optional(Type.String({ minLength: 1 })),
    instructions: Type.Optional(Type.String()),
    eras: Type.Optional(Type.Array(EraName, { minItems: 1, uniqueItems: true })),
    capabilities: Type.Optional(
      Type.Object(
        {},
        {
          additionalProperties: true,
          description:
            'The exact capabilities object to advertise (default: derived from what is served and the listChanged/subscribe settings).',
        },
      ),
    ),
    toolsListChanged: Type.Optional(
      Type.Boolean({ description: 'Advertise tools.listChanged and announce tool changes (default true).' }),
    ),
    resourcesListChanged: Type.Optional(
      Type.Boolean({
        description: 'Advertise resources.listChanged and announce resource changes (default true).',
      }),
    ),
    promptsListChanged: Type.Optional(
      Type.Boolean({
        description: 'Advertise prompts.listChanged and announce prompt changes (default true).',
      }),
    ),
    resourcesSubscribe: Type.Optional(
      Type.Boolean({
        description:
          'Advertise resources.subscribe and accept resource subscriptions (legacy resources/subscribe, modern resourceSubscriptions; default true).',
      }),
    ),
    callResultsAt: Type.Optional(
      StringEnum(['arrival', 'answer'], {
        description:
          'When a tools/call result is chosen: when the request arrives (default: against the contract the client called, even if a step changes the tool while the call is in flight) or when it is answered.',
      }),
    ),
    jsonRpcErrorStatus: Type.Optional(
      Type.Union([Type.Literal(200), Type.Literal(400)], {
        description:
          'HTTP status of ordinary JSON-RPC errors such as an invalid cursor (default 200, §11.7).',
      }),
    ),
    sessionTtlMs: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'Legacy sessions idle this long (logical ms) expire (404).',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      "The script's `server` section: identity (`name`, `version`, `instructions`), the eras served, what is advertised and announced, the status of ordinary JSON-RPC errors and the legacy session TTL. `capabilities` replaces the derived capabilities object of `initialize` and `server/discover` exactly, right or wrong (e.g. `tools: {}` without `listChanged` while changes are still announced); what is served and announced stays as the other settings say.",
  },
);
export type ServerSection = Static<typeof ServerSectionSchema>;
