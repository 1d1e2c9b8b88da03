import { type Static, Type } from '@sinclair/typebox';
import { TokenGrantSchema } from '../auth-settings.js';
import type { ActionContext } from './action-context.js';

/**
 * `grantToken`: the server starts accepting a bearer token (or replaces one), e.g. the stepped-up
 * token a client obtains after a 403. With `notify: true` a tools-list change is announced, since
 * new scopes can reveal tools (catalog unchanged).
 * @see ../shared/spec/mcp-discovery-spec.md §6
 */
export const GrantTokenAction = Type.Object(
  {
    action: Type.Literal('grantToken'),
    ...TokenGrantSchema.properties,
    notify: Type.Optional(Type.Boolean({ description: 'Announce a tools-list change (default false).' })),
  },
  {
    additionalProperties: false,
    description:
      '`grantToken`: the server starts accepting a bearer token (or replaces one), e.g. the stepped-up token a client obtains after a 403. With `notify: true` a tools-list change is announced, since new scopes can reveal tools (catalog unchanged).',
  },
);
export type GrantTokenAction = Static<typeof GrantTokenAction>;

/** `expireToken`: the token expires now; every later request with it gets 401 `invalid_token`. */
export const ExpireTokenAction = Type.Object(
  { action: Type.Literal('expireToken'), token: Type.String({ minLength: 1 }) },
  {
    additionalProperties: false,
    description:
      '`expireToken`: the token expires now; every later request with it gets 401 `invalid_token`.',
  },
);
export type ExpireTokenAction = Static<typeof ExpireTokenAction>;

export function applyGrantToken(action: GrantTokenAction, ctx: ActionContext): string {
  const { action: _tag, notify, ...grant } = action;
  ctx.world.principals.grant(grant);
  if (notify) ctx.announceToolsChanged(1);
  return `granted a token to '${grant.principal}' with scopes [${(grant.scopes ?? []).join(' ')}]`;
}

export function applyExpireToken(action: ExpireTokenAction, ctx: ActionContext): string {
  if (!ctx.world.principals.expire(action.token)) ctx.fail('the token is not one the server knows');
  return 'expired a token';
}
