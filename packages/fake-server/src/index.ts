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
export type { AdminHttpClientOptions } from './admin/admin-http-client.js';
export { createAdminHttpClient } from './admin/admin-http-client.js';
export { DEFAULT_ADMIN_PATH } from './admin/admin-router.js';
export type { FrameFilter } from './admin/frame-filter.js';
export { FRAME_FILTER_FIELDS, matchesFrameFilter } from './admin/frame-filter.js';
export { createLocalAdmin, MAX_ADMIN_WAIT_MS } from './admin/local-admin.js';
export type { FakeServer, FakeServerOptions, WaitForOptions } from './create-fake-server.js';
export { createFakeServer } from './create-fake-server.js';
export { FAKE_SERVER_ERROR_CODES, type FakeServerErrorCode } from './errors/codes.js';
export { ScriptError } from './errors/script-error.js';
export { isToolshiftError, ToolshiftError } from './errors/toolshift-error.js';
export type { EventStreamSink, StreamEndMode, StreamEvent } from './exchange/event-stream.js';
export { EventStream } from './exchange/event-stream.js';
export type { TransportKind, WireRequest } from './exchange/wire-request.js';
export type { WireReply, WireResponse } from './exchange/wire-response.js';
export type { AddToolAction } from './script/actions/add-tool.js';
export type { ChangeSchemaAction } from './script/actions/change-schema.js';
export type { ScriptAction } from './script/actions/index.js';
export type { RemoveToolAction } from './script/actions/remove-tool.js';
export { loadScriptFile, parseScript, parseScriptText } from './script/parse-script.js';
export { addTool, changeSchema, removeTool, ScriptBuilder, scriptBuilder } from './script/script-builder.js';
export type { ScriptDocument, ScriptStep } from './script/script-document.js';
export { ScriptDocumentSchema } from './script/script-document.js';
export type { ScriptTool } from './script/tool-schema.js';
export type { ScriptTrigger } from './script/trigger.js';
export type { JsonlOptions } from './transcript/jsonl.js';
export { transcriptFromJsonl, transcriptToJsonl } from './transcript/jsonl.js';
export type { FrameListener, Transcript } from './transcript/transcript.js';
export type { Era, FrameDirection, FrameKind, TranscriptFrame } from './transcript/transcript-frame.js';
export type {
  TransportCapabilities,
  TransportDescriptor,
  TransportFaultKind,
} from './transports/index.js';
export { assertTransportSupports, TRANSPORTS } from './transports/index.js';
export type { CatalogSnapshot } from './world/catalog.js';
export { LEGACY_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS } from './world/server-settings.js';
export type { JsonObject, ToolDefinition } from './world/tool-definition.js';
