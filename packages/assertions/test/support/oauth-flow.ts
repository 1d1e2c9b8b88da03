import { createHash } from 'node:crypto';
import { scriptBuilder } from '@toolshift/fake-server';
import { Drive } from './drive.js';

/** The protected resource the flows below present to the authorization server. */
export const RESOURCE = 'http://127.0.0.1:7/mcp';
const VERIFIER = 'verifier-verifier-verifier-verifier-verifier-0123';
const REDIRECT = 'http://127.0.0.1/callback';

/** A drive whose script runs the fake authorization server (user alice, public client app). */
export function oauthDrive(): Drive {
  return new Drive(
    scriptBuilder('oauth-invariants')
      .tools({ name: 'read_docs', inputSchema: { type: 'object' } })
      .authorizationServer({
        users: [{ principal: 'alice', scopes: ['docs:read'] }],
        clients: [{ clientId: 'app', redirectUris: [REDIRECT] }],
      })
      .build(),
  );
}

/** A client's authorization code flow (PKCE) against the fake authorization server, in-process. */
export async function codeFlow(
  d: Drive,
  resource: { authorize?: string; token?: string },
): Promise<{ code: string | null; token: Record<string, unknown> }> {
  const answer = d.server.authorizationServer()!.authorize(
    new URLSearchParams({
      client_id: 'app',
      redirect_uri: REDIRECT,
      response_type: 'code',
      code_challenge: createHash('sha256').update(VERIFIER).digest('base64url'),
      code_challenge_method: 'S256',
      ...(resource.authorize !== undefined ? { resource: resource.authorize } : {}),
    }),
    RESOURCE,
  );
  const code = 'location' in answer ? new URL(answer.location).searchParams.get('code') : null;
  return { code, token: await redeem(d, code ?? '', resource.token) };
}

/** Redeems `code` at the token endpoint, in-process; answers the JSON body. */
export async function redeem(d: Drive, code: string, resource?: string): Promise<Record<string, unknown>> {
  const answer = await d.server.authorizationServer()!.token(
    new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: 'app',
      code,
      code_verifier: VERIFIER,
      redirect_uri: REDIRECT,
      ...(resource !== undefined ? { resource } : {}),
    }),
    undefined,
    RESOURCE,
  );
  return 'json' in answer ? answer.json : {};
}
