import type { ToolDefinition } from './tool-definition.js';

/** A frozen copy of the tool catalog at one revision. */
export interface CatalogSnapshot {
  catalogRevision: number;
  tools: readonly ToolDefinition[];
}

/**
 * One of the fake server's lists (tools, resources, resource templates, prompts): items in a
 * deterministic order (insertion order; a changed item keeps its place), keyed by their name or URI,
 * and a revision integer that starts at 1 and grows by exactly 1 per mutation, however many items
 * the mutation touched. For the tool list the revision is the `catalogRevision` of transcripts.
 */
export class Catalog<T extends object = ToolDefinition> {
  private entries: Map<string, T>;
  private revision = 1;
  /** {@link ordered}'s array and the entries it was taken from (a mutation replaces the entries). */
  private view: { entries: Map<string, T>; items: readonly T[] } | undefined;
  private readonly listeners = new Set<(revision: number) => void>();

  /**
   * @param items the initial items, in order.
   * @param keyOf the identity of an item in the list (default: its `name`).
   */
  constructor(
    items: readonly T[] = [],
    readonly keyOf: (item: T) => string = (item) => (item as { name: string }).name,
  ) {
    this.entries = new Map(items.map((item) => [keyOf(item), item]));
  }

  /** The current revision of this list. */
  get catalogRevision(): number {
    return this.revision;
  }

  /** All items, in list order. The array is a fresh copy; the items are shared (treat as read-only). */
  items(): T[] {
    return [...this.entries.values()];
  }

  /**
   * All items, in list order, as one frozen array shared by every caller until the next mutation:
   * what a listing reads on every request, without copying a large catalog each time.
   */
  ordered(): readonly T[] {
    if (this.view?.entries !== this.entries)
      this.view = { entries: this.entries, items: Object.freeze([...this.entries.values()]) };
    return this.view.items;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): T | undefined {
    return this.entries.get(key);
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /**
   * Applies `change` to a working copy of the entries and, when it returns normally, commits it as
   * the next revision. A change that throws leaves the list untouched (never half-applied).
   */
  mutate(change: (entries: Map<string, T>) => void): number {
    const working = new Map(this.entries);
    change(working);
    this.entries = working;
    this.revision += 1;
    for (const listener of this.listeners) listener(this.revision);
    return this.revision;
  }

  /** Replaces every item with `items` as one new revision (restore, server restart with a new catalog). */
  replaceAll(items: readonly T[]): number {
    return this.mutate((entries) => {
      entries.clear();
      for (const item of items) entries.set(this.keyOf(item), item);
    });
  }

  /** Calls `listener` with the new revision after every mutation. */
  onChange(listener: (revision: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
