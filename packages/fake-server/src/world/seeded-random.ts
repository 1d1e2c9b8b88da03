import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Seeded randomness for everything the server makes up (session ids, cursor nonces, generated
 * catalogs): the same seed gives the same sequence, hence the same transcript.
 */
export class SeededRandom {
  private readonly rng;

  constructor(readonly seed: number) {
    this.rng = xoroshiro128plus(seed);
  }

  /** Uniform integer in `[from, to]`. */
  int(from: number, to: number): number {
    return uniformInt(this.rng, from, to);
  }

  /** A token of `length` alphanumeric characters (visible ASCII, valid as an `Mcp-Session-Id`). */
  token(length = 24): string {
    let out = '';
    for (let i = 0; i < length; i++) out += ALPHABET[this.int(0, ALPHABET.length - 1)];
    return out;
  }

  /** Picks one element; `undefined` for an empty array. */
  pick<T>(items: readonly T[]): T | undefined {
    return items.length === 0 ? undefined : items[this.int(0, items.length - 1)];
  }
}
