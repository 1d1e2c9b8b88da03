/** Request headers worth keeping as evidence of which client sent a model request. */
const KEPT = [
  'content-type',
  'accept',
  'user-agent',
  'anthropic-version',
  'anthropic-beta',
  'openai-beta',
  'x-stainless-lang',
  'x-stainless-package-version',
  'x-goog-api-client',
];
/** Credential headers: recorded as present (or reduced to the auth scheme), never their value. */
const SECRET = ['x-api-key', 'x-goog-api-key', 'api-key'];

/**
 * The headers of a model request the transcript keeps: content negotiation, provider versions and
 * client identification as sent; `authorization` reduced to its scheme; API-key headers as
 * `present`. `undefined` when none is there.
 */
export function pickModelHeaders(
  headers: Readonly<Record<string, string>>,
): Record<string, string> | undefined {
  const picked: Record<string, string> = {};
  for (const [rawName, value] of Object.entries(headers)) {
    const name = rawName.toLowerCase();
    if (KEPT.includes(name)) picked[name] = value;
    else if (name === 'authorization') picked[name] = value.split(' ')[0] ?? '';
    else if (SECRET.includes(name)) picked[name] = 'present';
  }
  return Object.keys(picked).length > 0 ? picked : undefined;
}
