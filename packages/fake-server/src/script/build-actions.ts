import type { Fault } from '../faults/fault.js';
import type { AddToolAction } from './actions/add-tool.js';
import type { AdvanceClockAction } from './actions/advance-clock.js';
import type { CatalogChange } from './actions/catalog-change.js';
import type { ChangeCatalogAction } from './actions/change-catalog.js';
import type { ChangeMetadataAction } from './actions/change-metadata.js';
import type { ChangeSchemaAction } from './actions/change-schema.js';
import type { EmitListChangedAction } from './actions/emit-list-changed.js';
import type { EmitNotificationAction } from './actions/emit-notification.js';
import type { EndStreamsAction } from './actions/end-streams.js';
import type { ExitProcessAction } from './actions/exit-process.js';
import type { ExpireSessionAction } from './actions/expire-session.js';
import type { GenerateToolsAction } from './actions/generate-tools.js';
import type { ExpireTokenAction, GrantTokenAction } from './actions/grant-token.js';
import type { ClearFaultsAction, InjectFaultAction } from './actions/inject-fault.js';
import type { InsertToolsAction } from './actions/insert-tools.js';
import type {
  AddPromptAction,
  AddResourceAction,
  AddResourceTemplateAction,
  ChangePromptAction,
  ChangeResourceAction,
  ChangeResourceTemplateAction,
  RemovePromptAction,
  RemoveResourceAction,
  RemoveResourceTemplateAction,
} from './actions/list-item-actions.js';
import type { MutateBetweenPagesAction } from './actions/mutate-between-pages.js';
import type { RemoveToolAction } from './actions/remove-tool.js';
import type { RenameToolAction } from './actions/rename-tool.js';
import type { ReorderToolsAction } from './actions/reorder-tools.js';
import type { RestartServerAction } from './actions/restart-server.js';
import type { RestoreSnapshotAction, SaveSnapshotAction } from './actions/restore-snapshot.js';
import type { SetFreshnessAction } from './actions/set-freshness.js';
import type { SetListenAction } from './actions/set-listen.js';
import type { SetNotificationsAction } from './actions/set-notifications.js';
import type { SetPaginationAction } from './actions/set-pagination.js';
import type { SetStreamsAction } from './actions/set-streams.js';
import type { SetToolScopesAction } from './actions/set-tool-scopes.js';
import type { UpdateResourceAction } from './actions/update-resource.js';
import type { TokenGrant } from './auth-settings.js';
import type { FreshnessSettings } from './freshness-settings.js';
import type { ListenSettings } from './listen-settings.js';
import type { NotificationSettings } from './notification-settings.js';
import type { PaginationSettings } from './pagination-settings.js';
import type { ScriptPrompt } from './prompt-schema.js';
import type { ScriptResource, ScriptResourceTemplate } from './resource-schema.js';
import type { StreamSettings } from './stream-settings.js';
import type { ScriptTool } from './tool-schema.js';

/** Options every catalog action takes. */
export interface NotifyOption {
  /** Emit the change notification (default true). */
  notify?: boolean;
}

/** An `addTool` action. */
export function addTool(tool: ScriptTool, options: NotifyOption = {}): AddToolAction {
  return { action: 'addTool', tool, ...options };
}

/** A `removeTool` action. */
export function removeTool(name: string, options: NotifyOption = {}): RemoveToolAction {
  return { action: 'removeTool', name, ...options };
}

/** A `renameTool` action. */
export function renameTool(name: string, to: string, options: NotifyOption = {}): RenameToolAction {
  return { action: 'renameTool', name, to, ...options };
}

/** A `changeSchema` action (`outputSchema: null` removes the output schema). */
export function changeSchema(
  name: string,
  schemas: {
    inputSchema?: ChangeSchemaAction['inputSchema'];
    outputSchema?: ChangeSchemaAction['outputSchema'];
  },
  options: NotifyOption = {},
): ChangeSchemaAction {
  return { action: 'changeSchema', name, ...schemas, ...options };
}

/** A `changeMetadata` action (`null` removes a field). */
export function changeMetadata(
  name: string,
  metadata: Pick<ChangeMetadataAction, 'title' | 'description' | 'annotations' | '_meta'>,
  options: NotifyOption = {},
): ChangeMetadataAction {
  return { action: 'changeMetadata', name, ...metadata, ...options };
}

/** A `generateTools` action: `count` realistic tools (≤ 10,000). */
export function generateTools(
  count: number,
  options: Omit<GenerateToolsAction, 'action' | 'count'> = {},
): GenerateToolsAction {
  return { action: 'generateTools', count, ...options };
}

/** A `saveSnapshot` action. */
export function saveSnapshot(name: string): SaveSnapshotAction {
  return { action: 'saveSnapshot', name };
}

/** A `restoreSnapshot` action: a saved snapshot by name (`initial` always exists), or inline tools. */
export function restoreSnapshot(
  from: string | ScriptTool[],
  options: NotifyOption = {},
): RestoreSnapshotAction {
  return typeof from === 'string'
    ? { action: 'restoreSnapshot', name: from, ...options }
    : { action: 'restoreSnapshot', tools: from, ...options };
}

/** A `mutateBetweenPages` action: `changes` land as one revision after page `afterPage`. */
export function mutateBetweenPages(
  afterPage: number,
  changes: CatalogChange[],
  options: NotifyOption = {},
): MutateBetweenPagesAction {
  return { action: 'mutateBetweenPages', afterPage, changes, ...options };
}

/** A `changeCatalog` action: `changes` land now as one revision per list. */
export function changeCatalog(changes: CatalogChange[], options: NotifyOption = {}): ChangeCatalogAction {
  return { action: 'changeCatalog', changes, ...options };
}

/** A `setPagination` action. */
export function setPagination(settings: PaginationSettings): SetPaginationAction {
  return { action: 'setPagination', ...settings };
}

/** A `setFreshness` action. */
export function setFreshness(settings: FreshnessSettings): SetFreshnessAction {
  return { action: 'setFreshness', ...settings };
}

/** A `setNotifications` action. */
export function setNotifications(settings: NotificationSettings): SetNotificationsAction {
  return { action: 'setNotifications', ...settings };
}

/** A `setListen` action. */
export function setListen(settings: ListenSettings): SetListenAction {
  return { action: 'setListen', ...settings };
}

/** A `setStreams` action. */
export function setStreams(settings: StreamSettings): SetStreamsAction {
  return { action: 'setStreams', ...settings };
}

/**
 * An `emitNotification` action: a notification that is not about tools (`method`, optional
 * `params`), `count` times in a row (default 1), on every open stream.
 */
export function emitNotification(
  method: string,
  options: { params?: Record<string, unknown>; count?: number } = {},
): EmitNotificationAction {
  return {
    action: 'emitNotification',
    method,
    ...(options.params !== undefined ? { params: options.params } : {}),
    ...(options.count !== undefined ? { count: options.count } : {}),
  };
}

/** An `emitListChanged` action: `count` signals in a row (default 1), for `list` (default tools). */
export function emitListChanged(count?: number, list?: EmitListChangedAction['list']): EmitListChangedAction {
  return {
    action: 'emitListChanged',
    ...(list !== undefined ? { list } : {}),
    ...(count !== undefined ? { count } : {}),
  };
}

/** An `endStreams` action (default: all streams, `drop`). */
export function endStreams(
  streams: NonNullable<EndStreamsAction['streams']> = 'all',
  mode: NonNullable<EndStreamsAction['mode']> = 'drop',
): EndStreamsAction {
  return { action: 'endStreams', streams, mode };
}

/** An `expireSession` action (every legacy session when `sessionId` is omitted). */
export function expireSession(sessionId?: string): ExpireSessionAction {
  return { action: 'expireSession', ...(sessionId !== undefined ? { sessionId } : {}) };
}

/** A `restartServer` action, optionally coming back with a new catalog. */
export function restartServer(options: Omit<RestartServerAction, 'action'> = {}): RestartServerAction {
  return { action: 'restartServer', ...options };
}

/** A `grantToken` action. */
export function grantToken(grant: TokenGrant, options: { notify?: boolean } = {}): GrantTokenAction {
  return { action: 'grantToken', ...grant, ...options };
}

/** An `expireToken` action. */
export function expireToken(token: string): ExpireTokenAction {
  return { action: 'expireToken', token };
}

/** A `setToolScopes` action. */
export function setToolScopes(
  name: string,
  scopes: string[],
  options: NotifyOption = {},
): SetToolScopesAction {
  return { action: 'setToolScopes', name, scopes, ...options };
}

/** An `injectFault` action. */
export function injectFault(
  fault: Fault,
  target: Omit<InjectFaultAction, 'action' | 'fault'> = {},
): InjectFaultAction {
  return { action: 'injectFault', fault, ...target };
}

/** A `clearFaults` action. */
export function clearFaults(method?: string): ClearFaultsAction {
  return { action: 'clearFaults', ...(method !== undefined ? { method } : {}) };
}

/** An `advanceClock` action. */
export function advanceClock(ms: number): AdvanceClockAction {
  return { action: 'advanceClock', ms };
}

/** An `addResource` action. */
export function addResource(resource: ScriptResource, options: NotifyOption = {}): AddResourceAction {
  return { action: 'addResource', resource, ...options };
}

/** A `removeResource` action. */
export function removeResource(uri: string, options: NotifyOption = {}): RemoveResourceAction {
  return { action: 'removeResource', uri, ...options };
}

/** A `changeResource` action (`null` in `set` removes a field). */
export function changeResource(
  uri: string,
  set: Record<string, unknown>,
  options: NotifyOption = {},
): ChangeResourceAction {
  return { action: 'changeResource', uri, set, ...options };
}

/** An `updateResource` action: subscribers get `notifications/resources/updated` (and reads the new contents). */
export function updateResource(
  uri: string,
  options: { contents?: Array<Record<string, unknown>>; notify?: boolean } = {},
): UpdateResourceAction {
  return { action: 'updateResource', uri, ...options };
}

/** An `addResourceTemplate` action. */
export function addResourceTemplate(
  resourceTemplate: ScriptResourceTemplate,
  options: NotifyOption = {},
): AddResourceTemplateAction {
  return { action: 'addResourceTemplate', resourceTemplate, ...options };
}

/** A `removeResourceTemplate` action. */
export function removeResourceTemplate(
  uriTemplate: string,
  options: NotifyOption = {},
): RemoveResourceTemplateAction {
  return { action: 'removeResourceTemplate', uriTemplate, ...options };
}

/** A `changeResourceTemplate` action (`null` in `set` removes a field). */
export function changeResourceTemplate(
  uriTemplate: string,
  set: Record<string, unknown>,
  options: NotifyOption = {},
): ChangeResourceTemplateAction {
  return { action: 'changeResourceTemplate', uriTemplate, set, ...options };
}

/** An `addPrompt` action. */
export function addPrompt(prompt: ScriptPrompt, options: NotifyOption = {}): AddPromptAction {
  return { action: 'addPrompt', prompt, ...options };
}

/** A `removePrompt` action. */
export function removePrompt(name: string, options: NotifyOption = {}): RemovePromptAction {
  return { action: 'removePrompt', name, ...options };
}

/** A `changePrompt` action (`null` in `set` removes a field). */
export function changePrompt(
  name: string,
  set: Record<string, unknown>,
  options: NotifyOption = {},
): ChangePromptAction {
  return { action: 'changePrompt', name, set, ...options };
}

/** A `reorderTools` action: the same tools in a seeded shuffled order (default seed: the script's). */
export function reorderTools(options: { seed?: number; notify?: boolean } = {}): ReorderToolsAction {
  return { action: 'reorderTools', ...options };
}

/** An `insertTools` action: `tools` at position `at` (0 = the front). */
export function insertTools(tools: ScriptTool[], at: number, options: NotifyOption = {}): InsertToolsAction {
  return { action: 'insertTools', tools, at, ...options };
}

/** An `exitProcess` action: the server process exits with `code` (default 1). */
export function exitProcess(code?: number): ExitProcessAction {
  return { action: 'exitProcess', ...(code !== undefined ? { code } : {}) };
}
