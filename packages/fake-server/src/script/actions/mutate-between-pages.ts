import { type Static, Type } from '@sinclair/typebox';
import { StringEnum } from '../../json-schema/string-enum.js';
import { LIST_KINDS, LIST_SPECS } from '../../world/list-kind.js';
import type { ActionContext } from './action-context.js';
import { applyCatalogChanges, CatalogChangeSchema } from './catalog-change.js';

/**
 * `mutateBetweenPages`: arms list `changes` to be applied, as one revision per list, right after
 * page `afterPage` of the next enumeration of `list` (default `tools/list`) is served (before the
 * client asks for the next page); armed when that page has just been served (a `betweenPages`
 * trigger for the same page), they apply at once. Unlike a `betweenPages` trigger it can be armed at
 * run time and several changes share one revision. A script arming it under `betweenPages: K` with
 * `afterPage` below K is rejected (that page is already past). What the next page then holds depends on the cursor style (`staleCursor`, `expiring`).
 * @see ../shared/spec/mcp-discovery-spec.md §2.5, §7 (Pagination), §11.1
 */
export const MutateBetweenPagesAction = Type.Object(
  {
    action: Type.Literal('mutateBetweenPages'),
    afterPage: Type.Integer({ minimum: 1, description: 'Page K: the changes land between page K and K+1.' }),
    list: Type.Optional(
      StringEnum(LIST_KINDS, { description: 'Whose listing the pages belong to (default tools).' }),
    ),
    changes: Type.Array(CatalogChangeSchema, { minItems: 1 }),
    notify: Type.Optional(Type.Boolean({ description: 'Emit the change notification (default true).' })),
  },
  {
    additionalProperties: false,
    description:
      '`mutateBetweenPages`: arms list `changes` to be applied, as one revision per list, right after page `afterPage` of the next enumeration of `list` (default `tools/list`) is served (before the client asks for the next page); armed when that page has just been served (a `betweenPages` trigger for the same page), they apply at once. Unlike a `betweenPages` trigger it can be armed at run time and several changes share one revision. A script arming it under `betweenPages: K` with `afterPage` below K is rejected (that page is already past). What the next page then holds depends on the cursor style (`staleCursor`, `expiring`).',
  },
);
export type MutateBetweenPagesAction = Static<typeof MutateBetweenPagesAction>;

export function applyMutateBetweenPages(action: MutateBetweenPagesAction, ctx: ActionContext): string {
  const list = action.list ?? 'tools';
  ctx.armPageMutation(
    action.afterPage,
    (later) => applyCatalogChanges(action.changes, later, action.notify).join('; '),
    list,
  );
  return `armed ${action.changes.length} list change(s) for after page ${action.afterPage} of ${LIST_SPECS[list].method}`;
}
