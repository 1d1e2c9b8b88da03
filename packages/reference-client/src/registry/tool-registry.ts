import type { CatalogSnapshot } from '../snapshot/catalog-snapshot.js';
import type { DiscoveredTool } from '../snapshot/discovered-tool.js';
import { jsonEqual } from '../snapshot/json-equal.js';
import type { ToolKey } from './tool-key.js';

/** Called after every registry swap with the new, complete view. */
export type RegistryListener = (tools: readonly DiscoveredTool[]) => void;

/**
 * The verified tool registry across servers, keyed by {@link ToolKey}. Each server contributes at
 * most one {@link CatalogSnapshot}; replacing it is a single reference swap, so a reader sees either
 * the whole old listing or the whole new one, never a mix. The combined view is a frozen array
 * built once per swap.
 */
export class ToolRegistry {
  private readonly snapshots = new Map<string, CatalogSnapshot>();
  private readonly order: string[] = [];
  private readonly listeners = new Set<RegistryListener>();
  private view: readonly DiscoveredTool[] = Object.freeze([]);

  /** Every verified tool, grouped by server in the order servers were added, server order within. */
  tools(): readonly DiscoveredTool[] {
    return this.view;
  }

  /** The verified snapshot of one server, if it has one. */
  snapshot(serverId: string): CatalogSnapshot | undefined {
    return this.snapshots.get(serverId);
  }

  /** The verified tool with this identity, if any. */
  get(key: ToolKey): DiscoveredTool | undefined {
    return this.snapshots.get(key.serverId)?.tool(key.toolName);
  }

  /** Reserves a server's position in the combined view (servers appear in the order they were added). */
  addServer(serverId: string): void {
    if (!this.order.includes(serverId)) this.order.push(serverId);
  }

  /** Withdraws a server's snapshot and forgets its position. */
  removeServer(serverId: string): void {
    this.swap(serverId, undefined);
    const at = this.order.indexOf(serverId);
    if (at >= 0) this.order.splice(at, 1);
  }

  /**
   * Installs `snapshot` as the server's verified listing (or withdraws it with `undefined`) and, when
   * the view changed, rebuilds it and notifies listeners.
   * @returns whether the view changed (a snapshot with the same `catalogHash` and every tool's same
   * `_meta` changes nothing visible, but is still installed for its fresher timestamps; a changed
   * `_meta` under the same contract is a change the host shows).
   */
  swap(serverId: string, snapshot: CatalogSnapshot | undefined): boolean {
    const before = this.snapshots.get(serverId);
    if (snapshot) this.snapshots.set(serverId, snapshot);
    else this.snapshots.delete(serverId);
    const changed =
      before === undefined || snapshot === undefined
        ? before !== snapshot
        : before.catalogHash !== snapshot.catalogHash ||
          snapshot.tools.some((tool) => !jsonEqual(tool._meta, before.tool(tool.name)?._meta));
    if (!changed) return false;
    const tools: DiscoveredTool[] = [];
    for (const id of this.order) {
      const held = this.snapshots.get(id);
      if (held) for (const tool of held.tools) tools.push(tool);
    }
    this.view = Object.freeze(tools);
    for (const listener of [...this.listeners]) {
      try {
        listener(this.view);
      } catch {
        // A listener's failure must not undo or block a swap; listeners own their errors.
      }
    }
    return true;
  }

  /** Subscribes to swaps; returns the unsubscribe function. */
  onChange(listener: RegistryListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
