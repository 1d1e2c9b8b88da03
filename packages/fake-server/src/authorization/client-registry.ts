import type { AuthorizationAnswer } from './authorization-answer.js';
import { badRequest } from './authorization-answer.js';
import type { AuthorizationClient } from './authorization-rules.js';

/**
 * The clients an authorization server knows: the script's, and those registered at run time (RFC
 * 7591); it authenticates them at the token endpoint (`client_secret_post`, `client_secret_basic`,
 * or none for a public client).
 */
export class ClientRegistry {
  private readonly clients = new Map<string, AuthorizationClient>();
  private counter = 0;

  constructor(
    clients: readonly AuthorizationClient[],
    private readonly secret: (kind: string) => string,
  ) {
    for (const client of clients) this.clients.set(client.clientId, client);
  }

  /** The client with `clientId`, if known. */
  get(clientId: string): AuthorizationClient | undefined {
    return this.clients.get(clientId);
  }

  /**
   * RFC 7591 dynamic client registration: a public client unless it asks for another
   * `token_endpoint_auth_method` (then it gets a secret). Answers 201 with the client's metadata,
   * or 400 `invalid_redirect_uri`; `registered` names the new client and how it authenticates.
   */
  register(metadata: Record<string, unknown>): {
    answer: AuthorizationAnswer;
    registered?: { clientId: string; method: string };
  } {
    const redirectUris = metadata.redirect_uris;
    if (!Array.isArray(redirectUris) || redirectUris.some((uri) => typeof uri !== 'string'))
      return { answer: badRequest('invalid_redirect_uri', 'redirect_uris must be an array of URIs') };
    const method: unknown = metadata.token_endpoint_auth_method ?? 'none';
    const clientId = `client-${++this.counter}`;
    const client: AuthorizationClient = {
      clientId,
      redirectUris: redirectUris as string[],
      ...(method === 'none' ? {} : { clientSecret: this.secret('secret') }),
    };
    this.clients.set(clientId, client);
    return {
      registered: { clientId, method: String(method) },
      answer: {
        status: 201,
        json: {
          ...metadata,
          client_id: clientId,
          ...(client.clientSecret ? { client_secret: client.clientSecret } : {}),
          client_id_issued_at: Math.floor(Date.now() / 1000),
          token_endpoint_auth_method: method,
        },
      },
    };
  }

  /**
   * Authenticates the client of a token request from its form (`client_id`, `client_secret`) or an
   * `Authorization: Basic` header; a refusal is 401 `invalid_client` with `WWW-Authenticate: Basic`.
   */
  authenticate(
    form: URLSearchParams,
    authorization: string | undefined,
  ): { ok: true; client: AuthorizationClient } | { ok: false; answer: AuthorizationAnswer } {
    let clientId = form.get('client_id') ?? undefined;
    let secret = form.get('client_secret') ?? undefined;
    const basic = authorization ? /^Basic\s+(\S+)$/i.exec(authorization) : null;
    if (basic) {
      const [id, pass] = Buffer.from(basic[1] ?? '', 'base64')
        .toString('utf8')
        .split(':');
      clientId = decodeURIComponent(id ?? '');
      secret = decodeURIComponent(pass ?? '');
    }
    const client = clientId === undefined ? undefined : this.clients.get(clientId);
    const refuse = (reason: string) => ({
      ok: false as const,
      answer: {
        status: 401,
        json: { error: 'invalid_client', error_description: reason },
        headers: { 'WWW-Authenticate': 'Basic realm="toolshift"' },
      },
    });
    if (!client) return refuse(`unknown client '${clientId ?? ''}'`);
    if (client.clientSecret !== undefined && client.clientSecret !== secret)
      return refuse('wrong client secret');
    return { ok: true, client };
  }
}
