import type { ToolDefinition } from './tool-definition.js';

/** A frozen copy of the catalog at one revision. */
export interface CatalogSnapshot {
  catalogRevision: number;
  tools: readonly ToolDefinition[];
}

/**
 * The fake server's tool catalog: tools in a deterministic order (insertion order; a changed tool
 * keeps its place) and a `catalogRevision` integer that starts at 1 and grows by exactly 1 per
 * mutation, however many tools the mutation touched.
 */
export class Catalog {
  private entries: Map<string, ToolDefinition>;
  private revision = 1;
  private readonly listeners = new Set<(revision: number) => void>();

  constructor(tools: readonly ToolDefinition[] = []) {
    this.entries = new Map(tools.map((tool) => [tool.name, tool]));
  }

  /** The current catalog revision. */
  get catalogRevision(): number {
    return this.revision;
  }

  /** All tools, in catalog order. The array is a fresh copy; the tool objects are shared (treat as read-only). */
  tools(): ToolDefinition[] {
    return [...this.entries.values()];
  }

  get size(): number {
    return this.entries.size;
  }

  get(name: string): ToolDefinition | undefined {
    return this.entries.get(name);
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /**
   * Applies `change` to a working copy of the entries and, when it returns normally, commits it as
   * the next revision. A change that throws leaves the catalog untouched (never half-applied).
   */
  mutate(change: (entries: Map<string, ToolDefinition>) => void): number {
    const working = new Map(this.entries);
    change(working);
    this.entries = working;
    this.revision += 1;
    for (const listener of this.listeners) listener(this.revision);
    return this.revision;
  }

  snapshot(): CatalogSnapshot {
    return { catalogRevision: this.revision, tools: this.tools() };
  }

  /** Replaces every tool with `tools` as one new revision (restore, server restart with a new catalog). */
  replaceAll(tools: readonly ToolDefinition[]): number {
    return this.mutate((entries) => {
      entries.clear();
      for (const tool of tools) entries.set(tool.name, tool);
    });
  }

  /** Calls `listener` with the new revision after every mutation. */
  onChange(listener: (revision: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
