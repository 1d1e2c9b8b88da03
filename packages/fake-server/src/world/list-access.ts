import type { Principal } from './principal.js';

/** How an item the principal lacks scopes for is treated (§11.9); named after tools, applied to every list. */
export type HiddenToolPolicy = 'hide' | 'forbid' | 'hide-and-forbid';

/**
 * A per-principal view of one list: which items a principal sees (and may use), from the scopes
 * each item needs, keyed by the item's name or URI. Scopes are plain strings; a principal holds a
 * scope only when it was granted exactly.
 * @see ../shared/spec/mcp-discovery-spec.md §2.1 (lists MAY vary by authorization), §6, §11.9
 */
export class ListAccess<T extends object> {
  private readonly itemScopes: Map<string, readonly string[]>;

  constructor(
    itemScopes: Readonly<Record<string, readonly string[]>> | undefined,
    readonly hidden: HiddenToolPolicy,
    private readonly keyOf: (item: T) => string,
  ) {
    this.itemScopes = new Map(Object.entries(itemScopes ?? {}).filter(([, scopes]) => scopes.length > 0));
  }

  /** Scopes from `needed` that `principal` lacks. */
  missing(principal: Principal, needed: readonly string[]): string[] {
    return needed.filter((scope) => !principal.scopes.includes(scope));
  }

  /** Scopes an item needs (empty when unrestricted). */
  scopesFor(key: string): readonly string[] {
    return this.itemScopes.get(key) ?? [];
  }

  /** Whether `principal` sees `item` in its list. */
  visible(item: T, principal: Principal): boolean {
    if (this.hidden === 'forbid') return true;
    return this.missing(principal, this.scopesFor(this.keyOf(item))).length === 0;
  }

  /**
   * True when some item is hidden from principals lacking its scopes, so two principals may see
   * different lists (and a listing must be `cacheScope: private`).
   */
  filters(): boolean {
    return this.itemScopes.size > 0 && this.hidden !== 'forbid';
  }

  /** The items `principal` sees, in list order. */
  filter(items: readonly T[], principal: Principal): readonly T[] {
    if (!this.filters()) return items;
    return items.filter((item) => this.visible(item, principal));
  }

  private readonly renameListeners = new Set<(from: string, to: string) => void>();

  /** Calls `listener` on every {@link rename} (a proxy follows renamed tools back to the upstream's names). */
  onRename(listener: (from: string, to: string) => void): () => void {
    this.renameListeners.add(listener);
    return () => this.renameListeners.delete(listener);
  }

  /** Moves an item's scopes to its new key (`renameTool`). */
  rename(from: string, to: string): void {
    for (const listener of this.renameListeners) listener(from, to);
    const scopes = this.itemScopes.get(from);
    if (scopes === undefined) return;
    this.itemScopes.delete(from);
    this.itemScopes.set(to, scopes);
  }

  /** Sets (or, with `undefined` or `[]`, clears) the scopes an item needs. */
  setScopes(key: string, scopes: readonly string[] | undefined): void {
    if (scopes === undefined || scopes.length === 0) this.itemScopes.delete(key);
    else this.itemScopes.set(key, scopes);
  }
}
