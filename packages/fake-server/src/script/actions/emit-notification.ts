import { type Static, Type } from '@sinclair/typebox';
import type { ActionContext } from './action-context.js';

/** The method `emitListChanged` owns (it honours the notification settings; this action does not). */
const TOOLS_LIST_CHANGED = 'notifications/tools/list_changed';

/**
 * `emitNotification`: sends a notification that is not about tools (e.g.
 * `notifications/prompts/list_changed`, `notifications/resources/list_changed`, or a method no spec
 * defines) on every open stream that carries unsolicited server messages: each legacy session's
 * stream (routed like `list_changed`, per `notifications.legacyRoute`) and each acknowledged modern
 * listen stream (tagged with its `subscriptionId`, whatever the listen filter asked for). It
 * changes nothing and ignores the tools notification settings (suppress, delay, duplicate), so a
 * test can check that a client ignores, or at least survives, notifications it has no use for.
 * Tools changes are announced with `emitListChanged` instead; naming that method fails the step.
 * @see ../shared/spec/mcp-discovery-spec.md §4.1, §4.2
 */
export const EmitNotificationAction = Type.Object(
  {
    action: Type.Literal('emitNotification'),
    method: Type.String({
      minLength: 1,
      description:
        'JSON-RPC method, e.g. notifications/prompts/list_changed (not notifications/tools/list_changed).',
    }),
    params: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description:
          'Notification params (default none; a modern listen stream adds its subscriptionId to _meta).',
      }),
    ),
    count: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 10_000, description: 'How many times in a row (default 1).' }),
    ),
  },
  {
    additionalProperties: false,
    description:
      "`emitNotification`: sends a notification that is not about tools (e.g. `notifications/prompts/list_changed`, `notifications/resources/list_changed`, or a method no spec defines) on every open stream that carries unsolicited server messages: each legacy session's stream (routed like `list_changed`, per `notifications.legacyRoute`) and each acknowledged modern listen stream (tagged with its `subscriptionId`, whatever the listen filter asked for). It changes nothing and ignores the tools notification settings (suppress, delay, duplicate), so a test can check that a client ignores, or at least survives, notifications it has no use for. Tools changes are announced with `emitListChanged` instead; naming that method fails the step.",
  },
);
export type EmitNotificationAction = Static<typeof EmitNotificationAction>;

export function applyEmitNotification(action: EmitNotificationAction, ctx: ActionContext): string {
  if (action.method === TOOLS_LIST_CHANGED)
    ctx.fail(`${TOOLS_LIST_CHANGED} is sent by emitListChanged, which honours the notification settings`);
  const count = action.count ?? 1;
  for (let copy = 0; copy < count; copy++) ctx.emitNotification(action.method, action.params);
  return `sends ${action.method}${count > 1 ? ` ${count} times` : ''} on every open stream`;
}
