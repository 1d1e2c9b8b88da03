import { type Static, Type } from '@sinclair/typebox';
import type { ActionContext } from './action-context.js';

/**
 * `expireSession`: ends a legacy session (or every session when `sessionId` is omitted) as if it
 * timed out: its streams end and every later request with its id gets 404, after which the client
 * must `initialize` again.
 * @see ../shared/spec/mcp-discovery-spec.md §5.2 (Sessions)
 */
export const ExpireSessionAction = Type.Object(
  { action: Type.Literal('expireSession'), sessionId: Type.Optional(Type.String({ minLength: 1 })) },
  {
    additionalProperties: false,
    description:
      '`expireSession`: ends a legacy session (or every session when `sessionId` is omitted) as if it timed out: its streams end and every later request with its id gets 404, after which the client must `initialize` again.',
  },
);
export type ExpireSessionAction = Static<typeof ExpireSessionAction>;

export function applyExpireSession(action: ExpireSessionAction, ctx: ActionContext): string {
  const ended = ctx.expireSessions(action.sessionId);
  if (action.sessionId !== undefined && ended === 0) ctx.fail(`no live session '${action.sessionId}'`);
  return `expired ${ended} legacy session(s)`;
}
