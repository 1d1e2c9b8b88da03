import { type Static, Type } from '@sinclair/typebox';
import type { ActionContext } from './action-context.js';

/** `removeTool`: removes a tool from the catalog (new revision) and, unless `notify: false`, announces it. */
export const RemoveToolAction = Type.Object(
  {
    action: Type.Literal('removeTool'),
    name: Type.String({ minLength: 1 }),
    notify: Type.Optional(Type.Boolean({ description: 'Emit the change notification (default true).' })),
  },
  {
    additionalProperties: false,
    description:
      '`removeTool`: removes a tool from the catalog (new revision) and, unless `notify: false`, announces it.',
  },
);
export type RemoveToolAction = Static<typeof RemoveToolAction>;

export function applyRemoveTool(action: RemoveToolAction, ctx: ActionContext): string {
  ctx.mutateCatalog((entries) => {
    if (!entries.delete(action.name)) ctx.fail(`tool '${action.name}' is not in the catalog`);
  }, action.notify);
  return `removed tool '${action.name}'`;
}
