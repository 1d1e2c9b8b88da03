import { type Static, Type } from '@sinclair/typebox';
import { StringEnum } from '../json-schema/string-enum.js';

const Scopes = Type.Array(Type.String({ minLength: 1, pattern: '^[\\x21\\x23-\\x5B\\x5D-\\x7E]+$' }), {
  uniqueItems: true,
});

/**
 * The script's `authorizationServer` section: a fake OAuth 2.1 authorization server served next to
 * the MCP endpoint (RFC 8414 metadata at `/.well-known/oauth-authorization-server`, endpoints under
 * `/oauth/`), whose access tokens the fake MCP server accepts as the principal they name. Setting it
 * makes the endpoint a protected resource (an `auth` section is implied) whose RFC 9728 metadata
 * names this server.
 * - `users`: who can log in at the authorization endpoint and the scopes each may grant; `loginAs`
 *   picks the one logged in (default the first; no consent page); `deny` refuses every authorization;
 * - `clients`: pre-registered clients (a `clientSecret` makes one confidential, able to use
 *   `client_credentials` as its `principal`); `dynamicRegistration` (default true) accepts RFC 7591;
 * - `accessTokenTtlMs`: access token lifetime on the logical clock (default 3,600,000);
 *   `refreshTokens` (default true) and `rotateRefreshTokens` (default true: a used refresh token is
 *   replaced; reusing it revokes its family);
 * - `scopesSupported`; `unavailableScope`: a requested scope the user lacks is left out
 *   (`grant-subset`, default) or refused (`deny`).
 * @see ../shared/spec/mcp-discovery-spec.md §6
 */
export const AuthorizationServerSettingsSchema = Type.Object(
  {
    users: Type.Array(
      Type.Object(
        { principal: Type.String({ minLength: 1 }), scopes: Type.Optional(Scopes) },
        { additionalProperties: false },
      ),
      { minItems: 1 },
    ),
    loginAs: Type.Optional(Type.String({ minLength: 1 })),
    deny: Type.Optional(Type.Boolean()),
    clients: Type.Optional(
      Type.Array(
        Type.Object(
          {
            clientId: Type.String({ minLength: 1, pattern: '^[\\x21-\\x7E]+$' }),
            clientSecret: Type.Optional(Type.String({ minLength: 1 })),
            redirectUris: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
            principal: Type.Optional(Type.String({ minLength: 1 })),
            scopes: Type.Optional(Scopes),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    dynamicRegistration: Type.Optional(Type.Boolean()),
    accessTokenTtlMs: Type.Optional(Type.Integer({ minimum: 1, description: 'Logical ms.' })),
    refreshTokens: Type.Optional(Type.Boolean()),
    rotateRefreshTokens: Type.Optional(Type.Boolean()),
    scopesSupported: Type.Optional(Scopes),
    unavailableScope: Type.Optional(StringEnum(['grant-subset', 'deny'])),
  },
  {
    additionalProperties: false,
    description:
      "The script's `authorizationServer` section: a fake OAuth 2.1 authorization server served next to the MCP endpoint (RFC 8414 metadata at `/.well-known/oauth-authorization-server`, endpoints under `/oauth/`), whose access tokens the fake MCP server accepts as the principal they name. Setting it makes the endpoint a protected resource (an `auth` section is implied) whose RFC 9728 metadata names this server. - `users`: who can log in at the authorization endpoint and the scopes each may grant; `loginAs` picks the one logged in (default the first; no consent page); `deny` refuses every authorization; - `clients`: pre-registered clients (a `clientSecret` makes one confidential, able to use `client_credentials` as its `principal`); `dynamicRegistration` (default true) accepts RFC 7591; - `accessTokenTtlMs`: access token lifetime on the logical clock (default 3,600,000); `refreshTokens` (default true) and `rotateRefreshTokens` (default true: a used refresh token is replaced; reusing it revokes its family); - `scopesSupported`; `unavailableScope`: a requested scope the user lacks is left out (`grant-subset`, default) or refused (`deny`).",
  },
);
export type AuthorizationServerSettings = Static<typeof AuthorizationServerSettingsSchema>;
