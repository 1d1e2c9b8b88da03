import type { ActionContext } from './action-context.js';
import { AddToolAction, applyAddTool } from './add-tool.js';
import { AdvanceClockAction, applyAdvanceClock } from './advance-clock.js';
import {
  applyExpireAccessTokens,
  applyRevokeTokens,
  applySetAuthorizationServer,
  ExpireAccessTokensAction,
  RevokeTokensAction,
  SetAuthorizationServerAction,
} from './authorization-actions.js';
import { applyChangeCatalog, ChangeCatalogAction } from './change-catalog.js';
import { applyChangeMetadata, ChangeMetadataAction } from './change-metadata.js';
import { applyChangeSchema, ChangeSchemaAction } from './change-schema.js';
import { applyEmitListChanged, EmitListChangedAction } from './emit-list-changed.js';
import { applyEmitNotification, EmitNotificationAction } from './emit-notification.js';
import { applyEndStreams, EndStreamsAction } from './end-streams.js';
import { applyExitProcess, ExitProcessAction } from './exit-process.js';
import { applyExpireSession, ExpireSessionAction } from './expire-session.js';
import { applyGenerateTools, GenerateToolsAction } from './generate-tools.js';
import { applyExpireToken, applyGrantToken, ExpireTokenAction, GrantTokenAction } from './grant-token.js';
import { applyClearFaults, applyInjectFault, ClearFaultsAction, InjectFaultAction } from './inject-fault.js';
import { applyInsertTools, InsertToolsAction } from './insert-tools.js';
import {
  type ListItemAction,
  PROMPT_ACTIONS,
  RESOURCE_ACTIONS,
  RESOURCE_TEMPLATE_ACTIONS,
} from './list-item-actions.js';
import { applyMutateBetweenPages, MutateBetweenPagesAction } from './mutate-between-pages.js';
import { applyRemoveTool, RemoveToolAction } from './remove-tool.js';
import { applyRenameTool, RenameToolAction } from './rename-tool.js';
import { applyReorderTools, ReorderToolsAction } from './reorder-tools.js';
import { applyRestartServer, RestartServerAction } from './restart-server.js';
import {
  applyRestoreSnapshot,
  applySaveSnapshot,
  RestoreSnapshotAction,
  SaveSnapshotAction,
} from './restore-snapshot.js';
import { applySetFreshness, SetFreshnessAction } from './set-freshness.js';
import { applySetListen, SetListenAction } from './set-listen.js';
import { applySetNotifications, SetNotificationsAction } from './set-notifications.js';
import { applySetPagination, SetPaginationAction } from './set-pagination.js';
import { applySetStreams, SetStreamsAction } from './set-streams.js';
import { applySetToolScopes, SetToolScopesAction } from './set-tool-scopes.js';
import { applyUpdateResource, UpdateResourceAction } from './update-resource.js';

/** The registry of script actions: one entry per action, keyed by its `action` tag. */
export const ACTIONS = {
  addTool: { schema: AddToolAction, apply: applyAddTool },
  removeTool: { schema: RemoveToolAction, apply: applyRemoveTool },
  renameTool: { schema: RenameToolAction, apply: applyRenameTool },
  reorderTools: { schema: ReorderToolsAction, apply: applyReorderTools },
  insertTools: { schema: InsertToolsAction, apply: applyInsertTools },
  changeSchema: { schema: ChangeSchemaAction, apply: applyChangeSchema },
  changeMetadata: { schema: ChangeMetadataAction, apply: applyChangeMetadata },
  generateTools: { schema: GenerateToolsAction, apply: applyGenerateTools },
  ...RESOURCE_ACTIONS,
  ...RESOURCE_TEMPLATE_ACTIONS,
  updateResource: { schema: UpdateResourceAction, apply: applyUpdateResource },
  ...PROMPT_ACTIONS,
  saveSnapshot: { schema: SaveSnapshotAction, apply: applySaveSnapshot },
  restoreSnapshot: { schema: RestoreSnapshotAction, apply: applyRestoreSnapshot },
  mutateBetweenPages: { schema: MutateBetweenPagesAction, apply: applyMutateBetweenPages },
  changeCatalog: { schema: ChangeCatalogAction, apply: applyChangeCatalog },
  setPagination: { schema: SetPaginationAction, apply: applySetPagination },
  setFreshness: { schema: SetFreshnessAction, apply: applySetFreshness },
  setNotifications: { schema: SetNotificationsAction, apply: applySetNotifications },
  setListen: { schema: SetListenAction, apply: applySetListen },
  setStreams: { schema: SetStreamsAction, apply: applySetStreams },
  emitListChanged: { schema: EmitListChangedAction, apply: applyEmitListChanged },
  emitNotification: { schema: EmitNotificationAction, apply: applyEmitNotification },
  endStreams: { schema: EndStreamsAction, apply: applyEndStreams },
  expireSession: { schema: ExpireSessionAction, apply: applyExpireSession },
  restartServer: { schema: RestartServerAction, apply: applyRestartServer },
  exitProcess: { schema: ExitProcessAction, apply: applyExitProcess },
  grantToken: { schema: GrantTokenAction, apply: applyGrantToken },
  expireToken: { schema: ExpireTokenAction, apply: applyExpireToken },
  setToolScopes: { schema: SetToolScopesAction, apply: applySetToolScopes },
  revokeTokens: { schema: RevokeTokensAction, apply: applyRevokeTokens },
  expireAccessTokens: { schema: ExpireAccessTokensAction, apply: applyExpireAccessTokens },
  setAuthorizationServer: { schema: SetAuthorizationServerAction, apply: applySetAuthorizationServer },
  injectFault: { schema: InjectFaultAction, apply: applyInjectFault },
  clearFaults: { schema: ClearFaultsAction, apply: applyClearFaults },
  advanceClock: { schema: AdvanceClockAction, apply: applyAdvanceClock },
} as const;

/** Any script action. */
export type ScriptAction =
  | AddToolAction
  | RemoveToolAction
  | RenameToolAction
  | ReorderToolsAction
  | InsertToolsAction
  | ChangeSchemaAction
  | ChangeMetadataAction
  | GenerateToolsAction
  | ListItemAction
  | UpdateResourceAction
  | SaveSnapshotAction
  | RestoreSnapshotAction
  | MutateBetweenPagesAction
  | ChangeCatalogAction
  | SetPaginationAction
  | SetFreshnessAction
  | SetNotificationsAction
  | SetListenAction
  | SetStreamsAction
  | EmitListChangedAction
  | EmitNotificationAction
  | EndStreamsAction
  | ExpireSessionAction
  | RestartServerAction
  | ExitProcessAction
  | GrantTokenAction
  | ExpireTokenAction
  | SetToolScopesAction
  | RevokeTokensAction
  | ExpireAccessTokensAction
  | SetAuthorizationServerAction
  | InjectFaultAction
  | ClearFaultsAction
  | AdvanceClockAction;

/** The `action` tags. */
export type ActionName = keyof typeof ACTIONS;

/** Runs one action against the world; returns a one-line description for the transcript. */
export function applyAction(action: ScriptAction, ctx: ActionContext): string {
  const entry = ACTIONS[action.action];
  return (entry.apply as (a: ScriptAction, c: ActionContext) => string)(action, ctx);
}

export type { ActionContext } from './action-context.js';
