import { type Static, Type } from '@sinclair/typebox';
import type { ActionContext } from './action-context.js';

/**
 * `emitListChanged`: announces a tools-list change without changing the catalog, `count` times in a
 * row (a burst), subject to the notification settings (suppress, delay, duplicate, route).
 * @see ../shared/spec/mcp-discovery-spec.md §4.1, §4.2
 */
export const EmitListChangedAction = Type.Object(
  {
    action: Type.Literal('emitListChanged'),
    count: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 10_000, description: 'Burst size (default 1).' }),
    ),
  },
  { additionalProperties: false },
);
export type EmitListChangedAction = Static<typeof EmitListChangedAction>;

export function applyEmitListChanged(action: EmitListChangedAction, ctx: ActionContext): string {
  const count = action.count ?? 1;
  ctx.announceToolsChanged(count);
  return `announced a tools list change${count > 1 ? ` ${count} times` : ''}`;
}
