import type { ListFamily, ListKind } from '../../world/list-kind.js';
import type { ListItems } from '../../world/lists.js';
import type { ToolDefinition } from '../../world/tool-definition.js';
import type { World } from '../../world/world.js';
import type { ExitProcessStep } from './exit-process.js';

/** Working copies of the lists one action changes, created as the action first touches each. */
export interface WorkingLists {
  /** The working copy of the list of `kind` (keyed by name, URI or URI template). */
  of<K extends ListKind>(kind: K): Map<string, ListItems[K]>;
}

/**
 * What an action may touch. The composition root implements it over the live world. An action
 * checks everything it can before changing anything; `fail` aborts it, and list changes made
 * through `mutateLists` are then discarded (never half-applied).
 */
export interface ActionContext {
  /** The live world: settings, lists (read them; change them through `mutateLists`), principals, faults. */
  readonly world: World;
  /** The id of the step being applied. */
  readonly stepId: string;
  /**
   * Applies `change` to working copies of the lists it touches and commits each touched list as one
   * new revision; then, unless `notify` is `false`, announces the change (per the notification
   * settings) to every stream of either era that asked for that list's changes.
   */
  mutateLists(change: (lists: WorkingLists) => void, notify?: boolean): void;
  /** `mutateLists` for the tool list alone. */
  mutateCatalog(change: (entries: Map<string, ToolDefinition>) => void, notify?: boolean): void;
  /** Announces a change of a family's lists `copies` times without changing them. */
  announceListChanged(family: ListFamily, copies: number): void;
  /** Announces a tools-list change `copies` times without changing the catalog. */
  announceToolsChanged(copies: number): void;
  /** Sends `notifications/resources/updated` for `uri` to every client subscribed to it (after the step frame). */
  resourceUpdated(uri: string): void;
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
  /**
   * The server process exits with `code` once the step is recorded (a real process), or every
   * stream is dropped (in-process: a stdio or in-memory channel closes as on an exit).
   */
  exitProcess(step: ExitProcessStep): void;
  /** Advances the logical clock by `ms`. */
  advanceClock(ms: number): void;
  /**
   * Arms a list change to run right after page `afterPage` of the next listing of `list` is served;
   * `apply` then runs as a step of its own (`<stepId>@page<K>`).
   */
  armPageMutation(afterPage: number, apply: (ctx: ActionContext) => string, list?: ListKind): void;
  /** Aborts the action with a reason; nothing it did to the lists is kept. */
  fail(reason: string): never;
}
