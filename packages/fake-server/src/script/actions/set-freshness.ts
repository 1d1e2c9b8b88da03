import { type Static, Type } from '@sinclair/typebox';
import { FreshnessSettingsSchema } from '../freshness-settings.js';
import { applyFreshness } from '../resolve-settings.js';
import type { ActionContext } from './action-context.js';

/** `setFreshness`: changes `ttlMs`/`cacheScope` hints from now on (fields as in the `freshness` section). */
export const SetFreshnessAction = Type.Object(
  { action: Type.Literal('setFreshness'), ...FreshnessSettingsSchema.properties },
  {
    additionalProperties: false,
    description:
      '`setFreshness`: changes `ttlMs`/`cacheScope` hints from now on (fields as in the `freshness` section).',
  },
);
export type SetFreshnessAction = Static<typeof SetFreshnessAction>;

export function applySetFreshness(action: SetFreshnessAction, ctx: ActionContext): string {
  const { action: _tag, ...patch } = action;
  applyFreshness(ctx.world.settings, patch);
  return `freshness set: ${JSON.stringify(patch)}`;
}
