import { type Static, Type } from '@sinclair/typebox';
import type { ActionContext } from './action-context.js';

/**
 * `renameTool`: gives a tool a new name in place (same position and definition, new revision); the
 * scopes it needs follow it. Clients that key tools by name see one removed and one added.
 */
export const RenameToolAction = Type.Object(
  {
    action: Type.Literal('renameTool'),
    name: Type.String({ minLength: 1 }),
    to: Type.String({ minLength: 1 }),
    notify: Type.Optional(Type.Boolean({ description: 'Emit the change notification (default true).' })),
  },
  {
    additionalProperties: false,
    description:
      '`renameTool`: gives a tool a new name in place (same position and definition, new revision); the scopes it needs follow it. Clients that key tools by name see one removed and one added.',
  },
);
export type RenameToolAction = Static<typeof RenameToolAction>;

export function applyRenameTool(action: RenameToolAction, ctx: ActionContext): string {
  ctx.mutateCatalog((entries) => {
    const current = entries.get(action.name);
    if (!current) return ctx.fail(`tool '${action.name}' is not in the catalog`);
    if (entries.has(action.to)) return ctx.fail(`tool '${action.to}' already exists`);
    const renamed = new Map<string, typeof current>();
    for (const [name, tool] of entries) {
      if (name === action.name) renamed.set(action.to, { ...tool, name: action.to });
      else renamed.set(name, tool);
    }
    entries.clear();
    for (const [name, tool] of renamed) entries.set(name, tool);
  }, action.notify);
  ctx.world.access.rename(action.name, action.to);
  return `renamed tool '${action.name}' to '${action.to}'`;
}
