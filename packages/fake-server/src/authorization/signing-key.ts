import { type CryptoKey, exportJWK, generateKeyPair, type JWK } from 'jose';

/** Key id of the one key that signs access tokens. */
export const SIGNING_KEY_ID = 'toolshift-1';

/**
 * The ES256 key pair that signs access tokens (made with `jose` on first use, one per server), and
 * its public half as a JWK for the JWKS.
 */
export class SigningKey {
  private keys: Promise<{ privateKey: CryptoKey; jwk: JWK }> | undefined;

  /** The private key and the public JWK (`kid`, `alg: ES256`, `use: sig`). */
  get(): Promise<{ privateKey: CryptoKey; jwk: JWK }> {
    this.keys ??= generateKeyPair('ES256').then(async ({ privateKey, publicKey }) => ({
      privateKey,
      jwk: { ...(await exportJWK(publicKey)), kid: SIGNING_KEY_ID, alg: 'ES256', use: 'sig' },
    }));
    return this.keys;
  }
}
