import type { AdaptOutcome } from './provider-adapter.js';

/** An adapted definition and its estimated token cost. */
export interface CachedAdaptation {
  outcome: AdaptOutcome;
  estimatedTokens: number;
}

/**
 * Adapter results keyed by provider, alias and `contractHash`: an unchanged contract is adapted
 * once, however often it is exposed. Least recently used entries go past `maxEntries`.
 */
export class AdaptationCache {
  private readonly entries = new Map<string, CachedAdaptation>();

  /** @param maxEntries default 20,000. */
  constructor(private readonly maxEntries = 20_000) {}

  getOrAdapt(
    provider: string,
    alias: string,
    contractHash: string,
    adapt: () => CachedAdaptation,
  ): CachedAdaptation {
    const key = `${provider}\u0000${alias}\u0000${contractHash}`;
    const held = this.entries.get(key);
    if (held) {
      this.entries.delete(key);
      this.entries.set(key, held);
      return held;
    }
    const fresh = adapt();
    this.entries.set(key, fresh);
    while (this.entries.size > this.maxEntries)
      this.entries.delete(this.entries.keys().next().value as string);
    return fresh;
  }
}
