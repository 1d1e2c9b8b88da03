import { type Static, Type } from '@sinclair/typebox';
import { ListenSettingsSchema } from '../listen-settings.js';
import { applyListen } from '../resolve-settings.js';
import type { ActionContext } from './action-context.js';

/**
 * `setListen`: how later `subscriptions/listen` streams are acknowledged (immediately, withheld, or
 * after the first notification) and which types are honoured (fields as in the `listen` section).
 */
export const SetListenAction = Type.Object(
  { action: Type.Literal('setListen'), ...ListenSettingsSchema.properties },
  {
    additionalProperties: false,
    description:
      '`setListen`: how later `subscriptions/listen` streams are acknowledged (immediately, withheld, or after the first notification) and which types are honoured (fields as in the `listen` section).',
  },
);
export type SetListenAction = Static<typeof SetListenAction>;

export function applySetListen(action: SetListenAction, ctx: ActionContext): string {
  const { action: _tag, ...patch } = action;
  applyListen(ctx.world.settings, patch);
  return `listen set: ${JSON.stringify(patch)}`;
}
