import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { ACTIONS, type ScriptAction } from './actions/index.js';
import { AnswersSectionSchema } from './answers-section.js';
import { AuthSettingsSchema } from './auth-settings.js';
import { AuthorizationServerSettingsSchema } from './authorization-server-settings.js';
import { CatalogSectionSchema } from './catalog-section.js';
import { FreshnessSettingsSchema } from './freshness-settings.js';
import { ListenSettingsSchema } from './listen-settings.js';
import { NotificationSettingsSchema } from './notification-settings.js';
import { PaginationSettingsSchema } from './pagination-settings.js';
import { ServerSectionSchema } from './server-section.js';
import { StreamSettingsSchema } from './stream-settings.js';
import { ScriptTriggerSchema } from './trigger.js';

const actionBranches: TSchema[] = Object.values(ACTIONS).map((entry) => entry.schema);

/** JSON Schema of one action: a tagged union on `action`, validated with ajv's `discriminator`. */
export const ScriptActionSchema = Type.Unsafe<ScriptAction>({
  type: 'object',
  required: ['action'],
  discriminator: { propertyName: 'action' },
  oneOf: actionBranches,
});

/** A script step: an action fired by a trigger (default `{ manual: true }`). */
export const ScriptStep = Type.Object(
  {
    id: Type.String({ minLength: 1, pattern: '^[A-Za-z0-9_.:-]+$', description: 'Unique step id.' }),
    trigger: Type.Optional(ScriptTriggerSchema),
    action: ScriptActionSchema,
  },
  {
    additionalProperties: false,
    description: 'A script step: an action fired by a trigger (default `{ manual: true }`).',
  },
);
export type ScriptStep = Static<typeof ScriptStep>;

/**
 * A toolshift script, version 1: the server side of a scenario. Everything but `toolshiftScript`
 * has a default, so `{ "toolshiftScript": 1 }` is a valid script (an empty catalog, both eras).
 * Sections: `server` (identity, eras, capabilities, listChanged, error status, session TTL),
 * `catalog` (tools, resources, resource templates, prompts),
 * `pagination`, `freshness`, `notifications`, `listen`, `streams`, `auth`, `authorizationServer` (a fake OAuth 2.1 server), `answers` (scripted
 * results and errors) and `steps` (an action plus a trigger each). The published JSON Schema (`script.schema.json`) is generated from it.
 */
export const ScriptDocumentSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    toolshiftScript: Type.Literal(1, { description: 'Script format version.' }),
    name: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    seed: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 2 ** 31 - 1,
        description:
          'Seed for session ids (toolshift serve draws those at random per process), cursors and generated tools (default 1).',
      }),
    ),
    server: Type.Optional(ServerSectionSchema),
    catalog: Type.Optional(CatalogSectionSchema),
    pagination: Type.Optional(PaginationSettingsSchema),
    freshness: Type.Optional(FreshnessSettingsSchema),
    notifications: Type.Optional(NotificationSettingsSchema),
    listen: Type.Optional(ListenSettingsSchema),
    streams: Type.Optional(StreamSettingsSchema),
    auth: Type.Optional(AuthSettingsSchema),
    authorizationServer: Type.Optional(AuthorizationServerSettingsSchema),
    answers: Type.Optional(AnswersSectionSchema),
    steps: Type.Optional(Type.Array(ScriptStep)),
  },
  {
    additionalProperties: false,
    $id: 'https://toolshift.dev/schema/script-v1.json',
    title: 'toolshift script v1',
  },
);

/** A parsed, schema-valid script document. */
export type ScriptDocument = Static<typeof ScriptDocumentSchema>;
