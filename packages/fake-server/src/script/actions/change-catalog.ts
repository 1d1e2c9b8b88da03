import { type Static, Type } from '@sinclair/typebox';
import type { ActionContext } from './action-context.js';
import { applyCatalogChanges, CatalogChangeSchema } from './catalog-change.js';

/**
 * `changeCatalog`: applies several list changes now, as one revision per list touched (and one
 * announcement per list), or none of them when one cannot apply. `mutateBetweenPages` does the same
 * between two pages of a listing; this is the immediate form (a recorded upstream change replays as one).
 * @see ../shared/spec/mcp-discovery-spec.md §4 (one change, one notification)
 */
export const ChangeCatalogAction = Type.Object(
  {
    action: Type.Literal('changeCatalog'),
    changes: Type.Array(CatalogChangeSchema, { minItems: 1 }),
    notify: Type.Optional(Type.Boolean({ description: 'Emit the change notification (default true).' })),
  },
  {
    additionalProperties: false,
    description:
      '`changeCatalog`: applies several list changes now, as one revision per list touched (and one announcement per list), or none of them when one cannot apply. `mutateBetweenPages` does the same between two pages of a listing; this is the immediate form (a recorded upstream change replays as one).',
  },
);
export type ChangeCatalogAction = Static<typeof ChangeCatalogAction>;

export function applyChangeCatalog(action: ChangeCatalogAction, ctx: ActionContext): string {
  return applyCatalogChanges(action.changes, ctx, action.notify).join('; ');
}
