import { type Static, Type } from '@sinclair/typebox';
import { StringEnum } from '../../json-schema/string-enum.js';
import { LIST_FAMILIES } from '../../world/list-kind.js';
import type { ActionContext } from './action-context.js';

/**
 * `emitListChanged`: announces a list change without changing the list (`list`: `tools` by default,
 * or `resources`, `prompts`), `count` times in a row (a burst), subject to the notification
 * settings (suppress, delay, duplicate, route).
 * @see ../shared/spec/mcp-discovery-spec.md §4.1, §4.2
 */
export const EmitListChangedAction = Type.Object(
  {
    action: Type.Literal('emitListChanged'),
    list: Type.Optional(StringEnum(LIST_FAMILIES, { description: 'Which list family (default tools).' })),
    count: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 10_000, description: 'Burst size (default 1).' }),
    ),
  },
  {
    additionalProperties: false,
    description:
      '`emitListChanged`: announces a list change without changing the list (`list`: `tools` by default, or `resources`, `prompts`), `count` times in a row (a burst), subject to the notification settings (suppress, delay, duplicate, route).',
  },
);
export type EmitListChangedAction = Static<typeof EmitListChangedAction>;

export function applyEmitListChanged(action: EmitListChangedAction, ctx: ActionContext): string {
  const count = action.count ?? 1;
  const family = action.list ?? 'tools';
  ctx.announceListChanged(family, count);
  return `announced a ${family} list change${count > 1 ? ` ${count} times` : ''}`;
}
