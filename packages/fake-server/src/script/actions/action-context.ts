import type { ToolDefinition } from '../../world/tool-definition.js';

/** What an action may touch. The composition root implements it over the live world. */
export interface ActionContext {
  /**
   * Applies `change` to a working copy of the catalog and commits it as one new revision; then, unless
   * `notify` is `false`, emits the tools-changed notification on every open stream of either era.
   */
  mutateCatalog(change: (entries: Map<string, ToolDefinition>) => void, notify?: boolean): void;
  /** Aborts the action with a reason; nothing it did is kept. */
  fail(reason: string): never;
}
