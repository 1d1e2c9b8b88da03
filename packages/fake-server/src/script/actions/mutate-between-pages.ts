import { type Static, Type } from '@sinclair/typebox';
import type { ActionContext } from './action-context.js';
import { applyCatalogChanges, CatalogChangeSchema } from './catalog-change.js';

/**
 * `mutateBetweenPages`: arms catalog `changes` to be applied, as one revision, right after page
 * `afterPage` of the next `tools/list` enumeration is served (before the client asks for the next
 * page). Unlike a `betweenPages` trigger it can be armed at run time and several changes share one
 * revision. What the next page then holds depends on the cursor style (`staleCursor`, `expiring`).
 * @see ../shared/spec/mcp-discovery-spec.md §2.5, §7 (Pagination), §11.1
 */
export const MutateBetweenPagesAction = Type.Object(
  {
    action: Type.Literal('mutateBetweenPages'),
    afterPage: Type.Integer({ minimum: 1, description: 'Page K: the changes land between page K and K+1.' }),
    changes: Type.Array(CatalogChangeSchema, { minItems: 1 }),
    notify: Type.Optional(Type.Boolean({ description: 'Emit the change notification (default true).' })),
  },
  { additionalProperties: false },
);
export type MutateBetweenPagesAction = Static<typeof MutateBetweenPagesAction>;

export function applyMutateBetweenPages(action: MutateBetweenPagesAction, ctx: ActionContext): string {
  ctx.armPageMutation(action.afterPage, (later) =>
    applyCatalogChanges(action.changes, later, action.notify).join('; '),
  );
  return `armed ${action.changes.length} catalog change(s) for after page ${action.afterPage}`;
}
