/**
 * What an RFC 8707 `resource` parameter (it may repeat) says about the protected resource this
 * authorization server serves:
 * - `named`: every value is that resource (a trailing slash aside); `resource` is the value;
 * - `missing`: no `resource` was sent (MCP clients MUST send it; the request is still served);
 * - `wrong`: a value names another resource (answered `invalid_target`); `resource` is that value.
 */
export type ResourceIndication =
  | { kind: 'named'; resource: string }
  | { kind: 'missing' }
  | { kind: 'wrong'; resource: string };

/**
 * Reads the `resource` values of an authorization or token request against `protectedResource`
 * (the `resource` of the server's RFC 9728 metadata).
 * @see https://www.rfc-editor.org/rfc/rfc8707 §2 (`invalid_target`)
 */
export function indicatedResource(values: readonly string[], protectedResource: string): ResourceIndication {
  if (values.length === 0) return { kind: 'missing' };
  const wrong = values.find((value) => !sameResource(value, protectedResource));
  return wrong === undefined ? { kind: 'named', resource: values[0]! } : { kind: 'wrong', resource: wrong };
}

/** Whether two resource URIs are the same (scheme, host, port and path; a trailing slash aside). */
export function sameResource(a: string, b: string): boolean {
  const trim = (value: string) => value.replace(/\/+$/, '');
  return trim(a) === trim(b);
}
