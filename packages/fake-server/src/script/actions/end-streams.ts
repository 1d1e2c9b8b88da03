import { type Static, Type } from '@sinclair/typebox';
import { StringEnum } from '../../json-schema/string-enum.js';
import type { ActionContext } from './action-context.js';

/**
 * `endStreams`: ends open long-lived streams: modern listen streams (`graceful`: the final
 * `subscriptions/listen` result, then close; `drop`: reset with no result, an unexpected disconnect)
 * and/or legacy GET streams (`graceful`: end the response; `drop`: reset the connection).
 * @see ../shared/spec/mcp-discovery-spec.md §4.2 (Ending a stream), §5.2
 */
export const EndStreamsAction = Type.Object(
  {
    action: Type.Literal('endStreams'),
    streams: Type.Optional(StringEnum(['listen', 'get', 'all'])),
    mode: Type.Optional(StringEnum(['graceful', 'drop'])),
  },
  {
    additionalProperties: false,
    description:
      '`endStreams`: ends open long-lived streams: modern listen streams (`graceful`: the final `subscriptions/listen` result, then close; `drop`: reset with no result, an unexpected disconnect) and/or legacy GET streams (`graceful`: end the response; `drop`: reset the connection).',
  },
);
export type EndStreamsAction = Static<typeof EndStreamsAction>;

export function applyEndStreams(action: EndStreamsAction, ctx: ActionContext): string {
  const kind = action.streams ?? 'all';
  const mode = action.mode ?? 'drop';
  const ended = ctx.endStreams(kind, mode);
  return `ended ${ended} ${kind === 'all' ? '' : `${kind} `}stream(s) (${mode})`;
}
