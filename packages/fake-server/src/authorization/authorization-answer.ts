/** An HTTP answer of the authorization server: status, JSON body, or a redirect. */
export type AuthorizationAnswer =
  | { status: number; json: Record<string, unknown>; headers?: Record<string, string> }
  | { status: 302; location: string };

/** A 400 OAuth error answer (RFC 6749 §5.2): `{ error, error_description }`, never cached. */
export function badRequest(error: string, description: string): AuthorizationAnswer {
  return {
    status: 400,
    json: { error, error_description: description },
    headers: { 'Cache-Control': 'no-store' },
  };
}
