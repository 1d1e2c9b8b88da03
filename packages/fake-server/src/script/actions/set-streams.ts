import { type Static, Type } from '@sinclair/typebox';
import { applyStreams } from '../resolve-settings.js';
import { StreamSettingsSchema } from '../stream-settings.js';
import type { ActionContext } from './action-context.js';

/**
 * `setStreams`: JSON or SSE responses, legacy event ids and `retry`, GET stream allowed or refused,
 * from now on (fields as in the `streams` section).
 */
export const SetStreamsAction = Type.Object(
  { action: Type.Literal('setStreams'), ...StreamSettingsSchema.properties },
  {
    additionalProperties: false,
    description:
      '`setStreams`: JSON or SSE responses, legacy event ids and `retry`, GET stream allowed or refused, from now on (fields as in the `streams` section).',
  },
);
export type SetStreamsAction = Static<typeof SetStreamsAction>;

export function applySetStreams(action: SetStreamsAction, ctx: ActionContext): string {
  const { action: _tag, ...patch } = action;
  applyStreams(ctx.world.settings, patch);
  return `streams set: ${JSON.stringify(patch)}`;
}
