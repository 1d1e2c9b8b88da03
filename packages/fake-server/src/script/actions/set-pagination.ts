import { type Static, Type } from '@sinclair/typebox';
import { PaginationSettingsSchema } from '../pagination-settings.js';
import { applyPagination } from '../resolve-settings.js';
import type { ActionContext } from './action-context.js';

/**
 * `setPagination`: changes page size and cursor behaviour from now on (fields as in the script's
 * `pagination` section; omitted fields keep their value). With a `betweenPages` trigger the page
 * size changes in the middle of an enumeration.
 */
export const SetPaginationAction = Type.Object(
  { action: Type.Literal('setPagination'), ...PaginationSettingsSchema.properties },
  {
    additionalProperties: false,
    description:
      "`setPagination`: changes page size and cursor behaviour from now on (fields as in the script's `pagination` section; omitted fields keep their value). With a `betweenPages` trigger the page size changes in the middle of an enumeration.",
  },
);
export type SetPaginationAction = Static<typeof SetPaginationAction>;

export function applySetPagination(action: SetPaginationAction, ctx: ActionContext): string {
  const { action: _tag, ...patch } = action;
  applyPagination(ctx.world.settings, patch);
  return `pagination set: ${JSON.stringify(patch)}`;
}
