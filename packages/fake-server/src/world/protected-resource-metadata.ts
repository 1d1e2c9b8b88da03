/** What the RFC 9728 document says (the script's `auth` section, metadata part). */
export interface ProtectedResourceRules {
  resource?: string;
  authorizationServers?: readonly string[];
  scopesSupported?: readonly string[];
}

/** The default authorization server named in the metadata when the script names none. */
export const DEFAULT_AUTHORIZATION_SERVER = 'https://auth.toolshift.invalid';

/**
 * The RFC 9728 protected-resource metadata document of the fake server: `resource` (the script's,
 * else the endpoint URL), `authorization_servers`, `scopes_supported` (when set) and
 * `bearer_methods_supported: ["header"]`.
 * @see ../shared/spec/mcp-discovery-spec.md §6
 */
export function protectedResourceMetadata(
  auth: ProtectedResourceRules,
  endpointUrl: string,
): Record<string, unknown> {
  const document: Record<string, unknown> = {
    resource: auth.resource ?? endpointUrl,
    authorization_servers: auth.authorizationServers ?? [DEFAULT_AUTHORIZATION_SERVER],
    bearer_methods_supported: ['header'],
  };
  if (auth.scopesSupported) document.scopes_supported = auth.scopesSupported;
  return document;
}

/**
 * Where the metadata of `endpointUrl` lives: the well-known URI with the endpoint path inserted
 * (`https://h/.well-known/oauth-protected-resource/mcp` for `https://h/mcp`).
 */
export function protectedResourceMetadataUrl(endpointUrl: string): string {
  const url = new URL(endpointUrl);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return `${url.origin}/.well-known/oauth-protected-resource${path}`;
}
