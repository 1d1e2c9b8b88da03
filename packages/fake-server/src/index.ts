/**
 * @toolshift/fake-server — a programmable fake MCP server for testing MCP clients and hosts.
 * The core entry loads no transport: `@toolshift/fake-server/http` (express), `/stdio`,
 * `/in-memory` and `/msw` (msw) are subpath exports.
 */

export type {
  AdminApi,
  AdminStatus,
  AdminWaitOptions,
  TranscriptPage,
  TranscriptQuery,
} from './admin/admin-api.js';
export { ADMIN_TOKEN_ENV, type AdminGuardOptions } from './admin/admin-guard.js';
export type { AdminHttpClientOptions } from './admin/admin-http-client.js';
export { createAdminHttpClient } from './admin/admin-http-client.js';
export { DEFAULT_ADMIN_PATH } from './admin/admin-router.js';
export type { FrameFilter } from './admin/frame-filter.js';
export { FRAME_FILTER_FIELDS, matchesFrameFilter } from './admin/frame-filter.js';
export { createLocalAdmin, MAX_ADMIN_WAIT_MS, MAX_CLOCK_ADVANCE_MS } from './admin/local-admin.js';
export type { AuthorizationAnswer } from './authorization/authorization-answer.js';
export type {
  AuthorizationClient,
  AuthorizationServerRules,
  AuthorizationUser,
} from './authorization/authorization-rules.js';
export { AuthorizationServer } from './authorization/authorization-server.js';
export { createFakeServer } from './create-fake-server.js';
export { FAKE_SERVER_ERROR_CODES, type FakeServerErrorCode } from './errors/codes.js';
export { ScriptError } from './errors/script-error.js';
export { isToolshiftError, ToolshiftError } from './errors/toolshift-error.js';
export type { EventStreamSink, StreamEndMode, StreamEvent } from './exchange/event-stream.js';
export { EventStream } from './exchange/event-stream.js';
export { MAX_NESTING_DEPTH } from './exchange/nesting-depth.js';
export type { TransportKind, WireRequest } from './exchange/wire-request.js';
export type { WireReply, WireResponse } from './exchange/wire-response.js';
export type { FakeServer, FakeServerOptions, WaitForOptions } from './fake-server.js';
export { PADDING_META_KEY } from './faults/distort-message.js';
export type {
  DelayFault,
  DropStreamFault,
  Fault,
  FaultKind,
  HangFault,
  HttpStatusFault,
  MalformedJsonFault,
  OversizeBodyFault,
  TruncatedSseFrameFault,
  VersionMismatchFault,
  WrongIdFault,
} from './faults/fault.js';
export { FAULT_KINDS, FaultSchema } from './faults/fault.js';
export type { AddToolAction } from './script/actions/add-tool.js';
export type { AdvanceClockAction } from './script/actions/advance-clock.js';
export type { CatalogChange } from './script/actions/catalog-change.js';
export type { ChangeCatalogAction } from './script/actions/change-catalog.js';
export type { ChangeMetadataAction } from './script/actions/change-metadata.js';
export type { ChangeSchemaAction } from './script/actions/change-schema.js';
export type { EmitListChangedAction } from './script/actions/emit-list-changed.js';
export type { EmitNotificationAction } from './script/actions/emit-notification.js';
export type { EndStreamsAction } from './script/actions/end-streams.js';
export type { ExitProcessAction, ExitProcessStep } from './script/actions/exit-process.js';
export type { ExpireSessionAction } from './script/actions/expire-session.js';
export type { GenerateToolsAction } from './script/actions/generate-tools.js';
export { MAX_GENERATED_TOOLS } from './script/actions/generate-tools.js';
export type { ExpireTokenAction, GrantTokenAction } from './script/actions/grant-token.js';
export type { ActionName, ScriptAction } from './script/actions/index.js';
export type { ClearFaultsAction, InjectFaultAction } from './script/actions/inject-fault.js';
export type { InsertToolsAction } from './script/actions/insert-tools.js';
export type {
  AddPromptAction,
  AddResourceAction,
  AddResourceTemplateAction,
  ChangePromptAction,
  ChangeResourceAction,
  ChangeResourceTemplateAction,
  ListItemAction,
  RemovePromptAction,
  RemoveResourceAction,
  RemoveResourceTemplateAction,
} from './script/actions/list-item-actions.js';
export type { MutateBetweenPagesAction } from './script/actions/mutate-between-pages.js';
export type { RemoveToolAction } from './script/actions/remove-tool.js';
export type { RenameToolAction } from './script/actions/rename-tool.js';
export type { ReorderToolsAction } from './script/actions/reorder-tools.js';
export type { RestartServerAction } from './script/actions/restart-server.js';
export type { RestoreSnapshotAction, SaveSnapshotAction } from './script/actions/restore-snapshot.js';
export { INITIAL_SNAPSHOT } from './script/actions/restore-snapshot.js';
export type { SetFreshnessAction } from './script/actions/set-freshness.js';
export type { SetListenAction } from './script/actions/set-listen.js';
export type { SetNotificationsAction } from './script/actions/set-notifications.js';
export type { SetPaginationAction } from './script/actions/set-pagination.js';
export type { SetStreamsAction } from './script/actions/set-streams.js';
export type { SetToolScopesAction } from './script/actions/set-tool-scopes.js';
export type { UpdateResourceAction } from './script/actions/update-resource.js';
export type { AnswerRuleSchema as ScriptAnswer } from './script/answers-section.js';
export type { AuthSettings, TokenGrant } from './script/auth-settings.js';
export type { AuthorizationServerSettings } from './script/authorization-server-settings.js';
export {
  addPrompt,
  addResource,
  addResourceTemplate,
  addTool,
  advanceClock,
  changeCatalog,
  changeMetadata,
  changePrompt,
  changeResource,
  changeResourceTemplate,
  changeSchema,
  clearFaults,
  emitListChanged,
  emitNotification,
  endStreams,
  exitProcess,
  expireSession,
  expireToken,
  generateTools,
  grantToken,
  injectFault,
  insertTools,
  mutateBetweenPages,
  type NotifyOption,
  removePrompt,
  removeResource,
  removeResourceTemplate,
  removeTool,
  renameTool,
  reorderTools,
  restartServer,
  restoreSnapshot,
  saveSnapshot,
  setFreshness,
  setListen,
  setNotifications,
  setPagination,
  setStreams,
  setToolScopes,
  updateResource,
} from './script/build-actions.js';
export {
  afterRequests,
  atStart,
  atTick,
  betweenPages,
  manual,
  onStreamOpen,
} from './script/build-triggers.js';
export type { FreshnessSettings } from './script/freshness-settings.js';
export type { ListenSettings } from './script/listen-settings.js';
export type { NotificationSettings } from './script/notification-settings.js';
export type { CursorStyle, PaginationSettings } from './script/pagination-settings.js';
export type { ScriptFormat } from './script/parse-script.js';
export {
  loadScriptFile,
  parseScript,
  parseScriptText,
  parseStep,
  readScriptFile,
  scriptFormatOf,
} from './script/parse-script.js';
export type { ScriptPrompt } from './script/prompt-schema.js';
export type { ScriptResource, ScriptResourceTemplate } from './script/resource-schema.js';
export { ScriptBuilder, scriptBuilder } from './script/script-builder.js';
export type { ScriptDocument, ScriptStep } from './script/script-document.js';
export { ScriptDocumentSchema } from './script/script-document.js';
export { renderScriptJsonSchema } from './script/script-json-schema.js';
export type { Unreachable } from './script/script-reachability.js';
export { assertReachable, scriptUnreachable, transportUnreachable } from './script/script-reachability.js';
export { scriptToJson, scriptToYaml } from './script/serialize-script.js';
export type { StreamSettings } from './script/stream-settings.js';
export type { ScriptTool } from './script/tool-schema.js';
export type { ScriptTrigger } from './script/trigger.js';
export type { JsonlOptions } from './transcript/jsonl.js';
export { transcriptFromJsonl, transcriptToJsonl } from './transcript/jsonl.js';
export type { FrameListener, Transcript } from './transcript/transcript.js';
export type {
  ClientMistake,
  Era,
  FrameDirection,
  FrameKind,
  TranscriptFrame,
} from './transcript/transcript-frame.js';
export type {
  FaultUse,
  TransportCapabilities,
  TransportDescriptor,
  TransportFaultKind,
} from './transports/index.js';
export { assertTransportSupports, TRANSPORTS } from './transports/index.js';
export type { CatalogSnapshot } from './world/catalog.js';
export type { ListFamily, ListKind, ListSpec } from './world/list-kind.js';
export { LIST_FAMILIES, LIST_KINDS, LIST_SPECS } from './world/list-kind.js';
export type { ListItems } from './world/lists.js';
export type { Principal } from './world/principal.js';
export type { PromptDefinition } from './world/prompt-definition.js';
export type { ResourceDefinition, ResourceTemplateDefinition } from './world/resource-definition.js';
export { LEGACY_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS } from './world/server-settings.js';
export { StallAwareDeadline, setVirtualTime } from './world/stall-aware-deadline.js';
export type { JsonObject, ToolDefinition } from './world/tool-definition.js';
export { generatedToolName } from './world/tool-generator.js';
