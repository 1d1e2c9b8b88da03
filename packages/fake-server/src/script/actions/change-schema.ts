import { type Static, Type } from '@sinclair/typebox';
import type { ActionContext } from './action-context.js';

/**
 * `changeSchema`: replaces a tool's `inputSchema` and/or `outputSchema` in place (same position,
 * new revision). `outputSchema: null` removes the output schema.
 */
export const ChangeSchemaAction = Type.Object(
  {
    action: Type.Literal('changeSchema'),
    name: Type.String({ minLength: 1 }),
    inputSchema: Type.Optional(Type.Object({}, { additionalProperties: true })),
    outputSchema: Type.Optional(Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()])),
    notify: Type.Optional(Type.Boolean({ description: 'Emit the change notification (default true).' })),
  },
  {
    additionalProperties: false,
    description:
      "`changeSchema`: replaces a tool's `inputSchema` and/or `outputSchema` in place (same position, new revision). `outputSchema: null` removes the output schema.",
  },
);
export type ChangeSchemaAction = Static<typeof ChangeSchemaAction>;

export function applyChangeSchema(action: ChangeSchemaAction, ctx: ActionContext): string {
  ctx.mutateCatalog((entries) => {
    const current = entries.get(action.name);
    if (!current) return ctx.fail(`tool '${action.name}' is not in the catalog`);
    const next = { ...current };
    if (action.inputSchema) next.inputSchema = action.inputSchema;
    if (action.outputSchema === null) delete next.outputSchema;
    else if (action.outputSchema) next.outputSchema = action.outputSchema;
    entries.set(action.name, next);
  }, action.notify);
  return `changed the schema of '${action.name}'`;
}
