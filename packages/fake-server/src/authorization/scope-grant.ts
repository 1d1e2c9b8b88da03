/**
 * The scopes to grant of `requested` (space-separated; none asked: everything `allowed`). A scope
 * outside `allowed` is dropped (`grant-subset`) or refuses the request (`deny`, for `invalid_scope`).
 */
export function grantableScopes(
  requested: string | null,
  allowed: readonly string[],
  unavailableScope: 'grant-subset' | 'deny',
): { ok: true; scopes: string[] } | { ok: false; reason: string } {
  const asked = requested ? requested.split(' ').filter((scope) => scope !== '') : [...allowed];
  const missing = asked.filter((scope) => !allowed.includes(scope));
  if (missing.length > 0 && unavailableScope === 'deny')
    return { ok: false, reason: `not allowed: ${missing.join(' ')}` };
  return { ok: true, scopes: asked.filter((scope) => allowed.includes(scope)) };
}
