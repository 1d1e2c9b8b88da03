import type { DiscoveredEntry } from './discovered-entry.js';
import type { ListSnapshot } from './list-snapshot.js';

/** Called after every swap that changed a registry's view, with the new, complete view. */
export type ListListener<T> = (entries: readonly T[]) => void;

/**
 * The verified prompts (or resources) across servers, in the order servers were added: each server
 * contributes at most one {@link ListSnapshot}, replaced by one reference swap, so a reader sees
 * either the whole old listing or the whole new one. The combined view is a frozen array built
 * once per swap.
 */
export class ListRegistry<T extends DiscoveredEntry> {
  private readonly snapshots = new Map<string, ListSnapshot<T>>();
  private readonly order: string[] = [];
  private readonly listeners = new Set<ListListener<T>>();
  private view: readonly T[] = Object.freeze([]);

  /** Every verified entry. */
  entries(): readonly T[] {
    return this.view;
  }

  /** The verified listing of one server, if it has one. */
  snapshot(serverId: string): ListSnapshot<T> | undefined {
    return this.snapshots.get(serverId);
  }

  /** Reserves a server's position in the combined view. */
  addServer(serverId: string): void {
    if (!this.order.includes(serverId)) this.order.push(serverId);
  }

  /** Withdraws a server's listing and forgets its position. */
  removeServer(serverId: string): void {
    this.swap(serverId, undefined);
    const at = this.order.indexOf(serverId);
    if (at >= 0) this.order.splice(at, 1);
  }

  /** Installs (or, with `undefined`, withdraws) a server's listing; returns whether the view changed. */
  swap(serverId: string, snapshot: ListSnapshot<T> | undefined): boolean {
    const before = this.snapshots.get(serverId);
    if (snapshot) this.snapshots.set(serverId, snapshot);
    else this.snapshots.delete(serverId);
    const changed =
      before === undefined || snapshot === undefined
        ? before !== snapshot
        : before.listHash !== snapshot.listHash;
    if (!changed) return false;
    const entries: T[] = [];
    for (const id of this.order) {
      const held = this.snapshots.get(id);
      if (held) for (const entry of held.entries) entries.push(entry);
    }
    this.view = Object.freeze(entries);
    for (const listener of [...this.listeners]) {
      try {
        listener(this.view);
      } catch {
        // A listener's failure must not undo or block a swap.
      }
    }
    return true;
  }

  /** Subscribes to swaps; returns the unsubscribe function. */
  onChange(listener: ListListener<T>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
