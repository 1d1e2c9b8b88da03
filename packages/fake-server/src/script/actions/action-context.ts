import type { ToolDefinition } from '../../world/tool-definition.js';
import type { World } from '../../world/world.js';

/**
 * What an action may touch. The composition root implements it over the live world. An action
 * checks everything it can before changing anything; `fail` aborts it, and catalog changes made
 * through `mutateCatalog` are then discarded (never half-applied).
 */
export interface ActionContext {
  /** The live world: settings, catalog (read it; change it through `mutateCatalog`), principals, faults. */
  readonly world: World;
  /** The id of the step being applied. */
  readonly stepId: string;
  /**
   * Applies `change` to a working copy of the catalog and commits it as one new revision; then, unless
   * `notify` is `false`, announces the change (per the notification settings) on every stream of either era.
   */
  mutateCatalog(change: (entries: Map<string, ToolDefinition>) => void, notify?: boolean): void;
  /** Announces a tools-list change `copies` times without changing the catalog. */
  announceToolsChanged(copies: number): void;
  /**
   * Sends a notification that is not about tools on every open legacy session stream and
   * acknowledged modern listen stream, right after the step frame is recorded.
   */
  emitNotification(method: string, params: Record<string, unknown> | undefined): void;
  /** Ends open streams of `kind` (`graceful`: listen streams get their final result). Returns how many. */
  endStreams(kind: 'listen' | 'get' | 'all', mode: 'graceful' | 'drop'): number;
  /** Expires one legacy session, or all of them; later requests with their ids get 404. Returns how many. */
  expireSessions(sessionId: string | undefined): number;
  /** Restarts the server: every session and subscription is gone; `tools`, when given, replace the catalog. */
  restart(tools: readonly ToolDefinition[] | undefined, mode: 'graceful' | 'drop'): void;
  /** Advances the logical clock by `ms`. */
  advanceClock(ms: number): void;
  /**
   * Arms a catalog change to run right after page `afterPage` of the next `tools/list` enumeration
   * is served; `apply` then runs as a step of its own (`<stepId>@page<K>`).
   */
  armPageMutation(afterPage: number, apply: (ctx: ActionContext) => string): void;
  /** Aborts the action with a reason; nothing it did to the catalog is kept. */
  fail(reason: string): never;
}
