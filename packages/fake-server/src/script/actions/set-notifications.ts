import { type Static, Type } from '@sinclair/typebox';
import { NotificationSettingsSchema } from '../notification-settings.js';
import { applyNotifications } from '../resolve-settings.js';
import type { ActionContext } from './action-context.js';

/**
 * `setNotifications`: suppress, delay (logical ms), duplicate or re-route change notifications from
 * now on (fields as in the `notifications` section).
 */
export const SetNotificationsAction = Type.Object(
  { action: Type.Literal('setNotifications'), ...NotificationSettingsSchema.properties },
  {
    additionalProperties: false,
    description:
      '`setNotifications`: suppress, delay (logical ms), duplicate or re-route change notifications from now on (fields as in the `notifications` section).',
  },
);
export type SetNotificationsAction = Static<typeof SetNotificationsAction>;

export function applySetNotifications(action: SetNotificationsAction, ctx: ActionContext): string {
  const { action: _tag, ...patch } = action;
  applyNotifications(ctx.world.settings, patch);
  return `notifications set: ${JSON.stringify(patch)}`;
}
