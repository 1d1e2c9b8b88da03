import type { AuthorizationServerRules } from '../authorization/authorization-rules.js';
import type { AuthorizationServerSettings } from './authorization-server-settings.js';

/** The fake authorization server's rules from a script's `authorizationServer` section, defaults filled. */
export function authorizationRulesOf(section: AuthorizationServerSettings): AuthorizationServerRules {
  const userScopes = section.users.flatMap((user) => user.scopes ?? []);
  return {
    clients: (section.clients ?? []).map((client) => ({ ...client })),
    users: section.users.map((user) => ({ principal: user.principal, scopes: user.scopes ?? [] })),
    loginAs: section.loginAs,
    deny: section.deny ?? false,
    accessTokenTtlMs: section.accessTokenTtlMs ?? 3_600_000,
    refreshTokens: section.refreshTokens ?? true,
    rotateRefreshTokens: section.rotateRefreshTokens ?? true,
    dynamicRegistration: section.dynamicRegistration ?? true,
    scopesSupported: section.scopesSupported ?? [...new Set(userScopes)],
    unavailableScope: section.unavailableScope ?? 'grant-subset',
  };
}
