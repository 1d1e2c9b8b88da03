import { createHmac, randomBytes } from 'node:crypto';

/**
 * A keyed digest of a credential (the part of an `authorization` header after its scheme), so a
 * transcript can tell two tokens apart without holding either: `hmac-sha256:<32 hex>` under a
 * random 32-byte key made for one transcript and never recorded. The same credential gives the same
 * digest within that transcript only; compare an expected token with `FakeServer.credentialDigest`.
 */
export type CredentialDigest = (credential: string) => string;

/** Makes a {@link CredentialDigest} with a fresh random key (one per transcript). */
export function createCredentialDigest(): CredentialDigest {
  const key = randomBytes(32);
  return (credential) =>
    `hmac-sha256:${createHmac('sha256', key).update(credential).digest('hex').slice(0, 32)}`;
}

/** The scheme and credential of an `authorization` header value (`Bearer abc` → `Bearer`, `abc`). */
export function splitAuthorization(value: string): { scheme: string; credential: string | undefined } {
  const trimmed = value.trim();
  const space = trimmed.indexOf(' ');
  if (space === -1) return { scheme: trimmed, credential: undefined };
  const credential = trimmed.slice(space + 1).trim();
  return { scheme: trimmed.slice(0, space), credential: credential === '' ? undefined : credential };
}
