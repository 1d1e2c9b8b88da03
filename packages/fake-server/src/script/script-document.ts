import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { ACTIONS, type ScriptAction } from './actions/index.js';
import { ScriptTool } from './tool-schema.js';
import { ScriptTriggerSchema } from './trigger.js';

const actionBranches: TSchema[] = Object.values(ACTIONS).map((entry) => entry.schema);

/** JSON Schema of one action: a tagged union on `action`, validated with ajv's `discriminator`. */
export const ScriptActionSchema = Type.Unsafe<ScriptAction>({
  type: 'object',
  required: ['action'],
  discriminator: { propertyName: 'action' },
  oneOf: actionBranches,
});

/** A script step: an action (or several, applied as one) fired by a trigger. */
export const ScriptStep = Type.Object(
  {
    id: Type.String({ minLength: 1, pattern: '^[A-Za-z0-9_.:-]+$', description: 'Unique step id.' }),
    trigger: Type.Optional(ScriptTriggerSchema),
    action: ScriptActionSchema,
  },
  { additionalProperties: false },
);
export type ScriptStep = Static<typeof ScriptStep>;

const EraName = Type.Union([Type.Literal('legacy'), Type.Literal('modern')]);

/**
 * A toolshift script, version 1: the server side of a scenario. Everything but `toolshiftScript`
 * has a default, so `{ "toolshiftScript": 1 }` is a valid script (an empty catalog, both eras).
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
        description: 'Seed for ids and cursors (default 1).',
      }),
    ),
    server: Type.Optional(
      Type.Object(
        {
          name: Type.Optional(Type.String({ minLength: 1 })),
          version: Type.Optional(Type.String({ minLength: 1 })),
          instructions: Type.Optional(Type.String()),
          eras: Type.Optional(Type.Array(EraName, { minItems: 1, uniqueItems: true })),
          toolsListChanged: Type.Optional(
            Type.Boolean({ description: 'Advertise tools.listChanged (default true).' }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    catalog: Type.Optional(
      Type.Object({ tools: Type.Optional(Type.Array(ScriptTool)) }, { additionalProperties: false }),
    ),
    pagination: Type.Optional(
      Type.Object(
        {
          pageSize: Type.Optional(
            Type.Integer({ minimum: 1, description: 'Tools per page; omit for a single page.' }),
          ),
          cursorStyle: Type.Optional(Type.Union([Type.Literal('opaque'), Type.Literal('offset')])),
        },
        { additionalProperties: false },
      ),
    ),
    freshness: Type.Optional(
      Type.Object(
        {
          ttlMs: Type.Optional(
            Type.Integer({ minimum: 0, description: 'tools/list ttlMs (default 300000).' }),
          ),
          cacheScope: Type.Optional(Type.Union([Type.Literal('public'), Type.Literal('private')])),
          discoverTtlMs: Type.Optional(Type.Integer({ minimum: 0 })),
        },
        { additionalProperties: false },
      ),
    ),
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
