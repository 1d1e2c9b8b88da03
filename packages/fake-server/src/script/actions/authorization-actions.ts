import { type Static, Type } from '@sinclair/typebox';
import { StringEnum } from '../../json-schema/string-enum.js';
import type { ActionContext } from './action-context.js';

/**
 * `revokeTokens`: the fake authorization server revokes the access and/or refresh tokens it issued
 * (of one `principal`, or everyone's): the next request with one gets 401 `invalid_token`, the next
 * refresh `invalid_grant`.
 */
export const RevokeTokensAction = Type.Object(
  {
    action: Type.Literal('revokeTokens'),
    principal: Type.Optional(Type.String({ minLength: 1 })),
    kind: Type.Optional(StringEnum(['access', 'refresh', 'all'], { description: 'Default all.' })),
  },
  {
    additionalProperties: false,
    description:
      "`revokeTokens`: the fake authorization server revokes the access and/or refresh tokens it issued (of one `principal`, or everyone's): the next request with one gets 401 `invalid_token`, the next refresh `invalid_grant`.",
  },
);
export type RevokeTokensAction = Static<typeof RevokeTokensAction>;

/** `expireAccessTokens`: the access tokens it issued (of one `principal`, or everyone's) expire now. */
export const ExpireAccessTokensAction = Type.Object(
  { action: Type.Literal('expireAccessTokens'), principal: Type.Optional(Type.String({ minLength: 1 })) },
  {
    additionalProperties: false,
    description:
      "`expireAccessTokens`: the access tokens it issued (of one `principal`, or everyone's) expire now.",
  },
);
export type ExpireAccessTokensAction = Static<typeof ExpireAccessTokensAction>;

/** `setAuthorizationServer`: who logs in next (`loginAs`), whether authorizations are denied, the token lifetime. */
export const SetAuthorizationServerAction = Type.Object(
  {
    action: Type.Literal('setAuthorizationServer'),
    loginAs: Type.Optional(Type.String({ minLength: 1 })),
    deny: Type.Optional(Type.Boolean()),
    accessTokenTtlMs: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  {
    additionalProperties: false,
    description:
      '`setAuthorizationServer`: who logs in next (`loginAs`), whether authorizations are denied, the token lifetime.',
  },
);
export type SetAuthorizationServerAction = Static<typeof SetAuthorizationServerAction>;

function issuer(ctx: ActionContext) {
  const issued = ctx.world.principals.issued;
  if (!issued)
    return ctx.fail('the script runs no authorization server (add an authorizationServer section)');
  return issued;
}

export function applyRevokeTokens(action: RevokeTokensAction, ctx: ActionContext): string {
  const count = issuer(ctx).revoke({
    kind: action.kind ?? 'all',
    ...(action.principal !== undefined ? { principal: action.principal } : {}),
  });
  return `revoked ${count} ${action.kind ?? 'access and refresh'} token(s)${action.principal ? ` of '${action.principal}'` : ''}`;
}

export function applyExpireAccessTokens(action: ExpireAccessTokensAction, ctx: ActionContext): string {
  const count = issuer(ctx).expire(action.principal !== undefined ? { principal: action.principal } : {});
  return `expired ${count} access token(s)${action.principal ? ` of '${action.principal}'` : ''}`;
}

export function applySetAuthorizationServer(
  action: SetAuthorizationServerAction,
  ctx: ActionContext,
): string {
  const { action: _tag, ...patch } = action;
  issuer(ctx).configure(patch);
  return `authorization server set: ${JSON.stringify(patch)}`;
}
