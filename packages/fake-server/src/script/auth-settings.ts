import { type Static, Type } from '@sinclair/typebox';
import { StringEnum } from '../json-schema/string-enum.js';

const Scopes = Type.Array(Type.String({ minLength: 1, pattern: '^[\\x21\\x23-\\x5B\\x5D-\\x7E]+$' }), {
  uniqueItems: true,
});

/** A bearer token the server accepts, and who it stands for. */
export const TokenGrantSchema = Type.Object(
  {
    token: Type.String({ minLength: 1, pattern: '^[A-Za-z0-9._~+/-]+=*$', description: 'The bearer token.' }),
    principal: Type.String({ minLength: 1, description: 'Principal id recorded in transcript frames.' }),
    scopes: Type.Optional(Scopes),
    expiresAtMs: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Logical time (ms) from which the token is expired (401).' }),
    ),
  },
  {
    additionalProperties: false,
    description: 'A bearer token the server accepts, and who it stands for.',
  },
);
export type TokenGrant = Static<typeof TokenGrantSchema>;

/**
 * OAuth protected-resource behaviour over HTTP (stdio and in-memory requests carry no token and run
 * as `localPrincipal`, never challenged):
 * - `tokens`: accepted bearer tokens → principal and scopes;
 * - `required` (default true): a request without a token gets 401 with `WWW-Authenticate:
 *   Bearer resource_metadata="…", scope="<challengeScopes>"`; when false it runs as `anonymous`;
 * - `toolScopes`: scopes a principal needs to see or call a tool (so a scope can reveal tools); a
 *   listing that depends on the principal defaults to `cacheScope: private`;
 * - `resourceScopes` (by resource URI or template `uriTemplate`) and `promptScopes` (by prompt
 *   name): the same for resources and prompts;
 * - `hiddenTools` (§11.9): a tool whose scopes the principal lacks is `hide` (left out of the list;
 *   a call is an unknown tool, -32602), `forbid` (listed; a call gets 403 `insufficient_scope`), or
 *   `hide-and-forbid` (left out; a call gets 403); resources (`resources/read`) and prompts
 *   (`prompts/get`) follow the same policy;
 * - `listScopes` / `callScopes`: scopes every `tools/list` / `tools/call` needs (else 403 step-up);
 * - `authorizationServers`, `scopesSupported`, `resource`: the RFC 9728 metadata document
 *   (served at `/.well-known/oauth-protected-resource[/<mcp path>]`; `resource` defaults to the
 *   endpoint URL).
 * @see ../shared/spec/mcp-discovery-spec.md §6, §11.3, §11.9
 */
export const AuthSettingsSchema = Type.Object(
  {
    tokens: Type.Optional(Type.Array(TokenGrantSchema)),
    required: Type.Optional(Type.Boolean()),
    challengeScopes: Type.Optional(Scopes),
    scopesSupported: Type.Optional(Scopes),
    authorizationServers: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { minItems: 1 })),
    resource: Type.Optional(Type.String({ minLength: 1 })),
    toolScopes: Type.Optional(Type.Record(Type.String({ minLength: 1 }), Scopes)),
    resourceScopes: Type.Optional(Type.Record(Type.String({ minLength: 1 }), Scopes)),
    promptScopes: Type.Optional(Type.Record(Type.String({ minLength: 1 }), Scopes)),
    hiddenTools: Type.Optional(StringEnum(['hide', 'forbid', 'hide-and-forbid'])),
    listScopes: Type.Optional(Scopes),
    callScopes: Type.Optional(Scopes),
    localPrincipal: Type.Optional(Type.String({ minLength: 1 })),
  },
  {
    additionalProperties: false,
    description:
      'OAuth protected-resource behaviour over HTTP (stdio and in-memory requests carry no token and run as `localPrincipal`, never challenged): - `tokens`: accepted bearer tokens → principal and scopes; - `required` (default true): a request without a token gets 401 with `WWW-Authenticate: Bearer resource_metadata="…", scope="<challengeScopes>"`; when false it runs as `anonymous`; - `toolScopes`: scopes a principal needs to see or call a tool (so a scope can reveal tools); a listing that depends on the principal defaults to `cacheScope: private`; - `resourceScopes` (by resource URI or template `uriTemplate`) and `promptScopes` (by prompt name): the same for resources and prompts; - `hiddenTools` (§11.9): a tool whose scopes the principal lacks is `hide` (left out of the list; a call is an unknown tool, -32602), `forbid` (listed; a call gets 403 `insufficient_scope`), or `hide-and-forbid` (left out; a call gets 403); resources (`resources/read`) and prompts (`prompts/get`) follow the same policy; - `listScopes` / `callScopes`: scopes every `tools/list` / `tools/call` needs (else 403 step-up); - `authorizationServers`, `scopesSupported`, `resource`: the RFC 9728 metadata document (served at `/.well-known/oauth-protected-resource[/<mcp path>]`; `resource` defaults to the endpoint URL).',
  },
);
export type AuthSettings = Static<typeof AuthSettingsSchema>;
