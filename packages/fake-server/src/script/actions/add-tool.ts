import { type Static, Type } from '@sinclair/typebox';
import { ScriptTool } from '../tool-schema.js';
import type { ActionContext } from './action-context.js';

/** `addTool`: appends a tool to the catalog (new revision) and, unless `notify: false`, announces it. */
export const AddToolAction = Type.Object(
  {
    action: Type.Literal('addTool'),
    tool: ScriptTool,
    notify: Type.Optional(Type.Boolean({ description: 'Emit the change notification (default true).' })),
  },
  {
    additionalProperties: false,
    description:
      '`addTool`: appends a tool to the catalog (new revision) and, unless `notify: false`, announces it.',
  },
);
export type AddToolAction = Static<typeof AddToolAction>;

export function applyAddTool(action: AddToolAction, ctx: ActionContext): string {
  ctx.mutateCatalog((entries) => {
    if (entries.has(action.tool.name)) ctx.fail(`tool '${action.tool.name}' already exists`);
    entries.set(action.tool.name, action.tool);
  }, action.notify);
  return `added tool '${action.tool.name}'`;
}
