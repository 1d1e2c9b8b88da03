import { type Static, Type } from '@sinclair/typebox';
import type { ActionContext } from './action-context.js';

/**
 * `setToolScopes`: changes the scopes a tool needs (an empty list makes it public). Lists that
 * depend on the principal change, so this is a new catalog revision, announced unless `notify: false`.
 * @see ../shared/spec/mcp-discovery-spec.md §2.1, §6
 */
export const SetToolScopesAction = Type.Object(
  {
    action: Type.Literal('setToolScopes'),
    name: Type.String({ minLength: 1 }),
    scopes: Type.Array(Type.String({ minLength: 1 }), { uniqueItems: true }),
    notify: Type.Optional(Type.Boolean({ description: 'Emit the change notification (default true).' })),
  },
  {
    additionalProperties: false,
    description:
      '`setToolScopes`: changes the scopes a tool needs (an empty list makes it public). Lists that depend on the principal change, so this is a new catalog revision, announced unless `notify: false`.',
  },
);
export type SetToolScopesAction = Static<typeof SetToolScopesAction>;

export function applySetToolScopes(action: SetToolScopesAction, ctx: ActionContext): string {
  ctx.mutateCatalog((entries) => {
    if (!entries.has(action.name)) ctx.fail(`tool '${action.name}' is not in the catalog`);
  }, action.notify);
  ctx.world.access.setScopes(action.name, action.scopes);
  return `tool '${action.name}' now needs [${action.scopes.join(' ')}]`;
}
