import type { DiscoveryFailure } from './discovery-failure.js';

/**
 * Stable codes of the local errors the reference client throws. Codes are never renamed or reused;
 * `codes.test.ts` pins the list. Wire errors from a server are never rethrown raw: they are
 * classified into a {@link DiscoveryFailure} and carried in `data.failure`.
 */
export const REFERENCE_CLIENT_ERROR_CODES = [
  /** A host option or `addServer` config is unusable (bad URL, empty id…). `data`: `{ field, reason }`. Fix the config. */
  'HOST_INVALID_CONFIG',
  /** `addServer` was called twice with one `serverId`. `data`: `{ serverId }`. Remove the server first or pick another id. */
  'HOST_DUPLICATE_SERVER',
  /** An operation named a `serverId` the host does not manage. `data`: `{ serverId, known }`. */
  'HOST_UNKNOWN_SERVER',
  /** The host was used after `close()`. `data`: `{}`. Create a new host. */
  'HOST_CLOSED',
  /** A server cannot serve the request in its current state (no verified snapshot). `data`: `{ serverId, state, failure? }`. Refresh it or fix the cause in `failure`. */
  'SERVER_NOT_READY',
  /** `finishAuthorization` could not exchange the authorization code (or the server has no `authProvider`). `data`: `{ serverId, failure }`. Start the authorization again. */
  'SERVER_AUTHORIZATION_FAILED',
  /** The proposed tool is not in the server's current verified catalog: a capability change. Never redirected to a similar name. Also thrown when the server rejects a call with -32602 and its new listing lacks the tool (removed before the change signal arrived; `failure` then holds the server's error). `data`: `{ serverId, toolName, discoveryRevision?, failure? }`. Refresh the model's tool list and retry the turn. */
  'TOOL_UNAVAILABLE',
  /** Arguments fail the tool's current `inputSchema`. `data`: `{ serverId, toolName, contractHash, errors, contractChanged }`. Send the errors back to the model. */
  'TOOL_ARGUMENTS_INVALID',
  /** The tool's schema could not be compiled for argument validation. `data`: `{ serverId, toolName, contractHash, reason }`. */
  'TOOL_SCHEMA_UNUSABLE',
  /** The permission layer refused the call (policy `deny`, server disabled for the chat, or an `ask` the approver declined). `data`: `{ serverId, toolName, decision, chatId? }`. */
  'TOOL_PERMISSION_DENIED',
  /** A destructive tool's snapshot expired and could not be refreshed before execution, or the contract kept changing while the user was asked to approve it. `data`: `{ serverId, toolName, failure }`. */
  'TOOL_CONTRACT_STALE',
  /** The server answered `tools/call` with a protocol error or the call failed in transit (including a legacy session lost again on the one retry after a new session). `data`: `{ serverId, toolName, failure }`. */
  'TOOL_CALL_FAILED',
  /** `structuredContent` of a successful result fails the tool's `outputSchema`. `data`: `{ serverId, toolName, contractHash, errors }`. */
  'TOOL_OUTPUT_INVALID',
  /** No provider adapter is registered under that id. `data`: `{ provider, known }`. */
  'PROVIDER_UNKNOWN',
  /** A model-facing alias is not in the exposure it was resolved against. `data`: `{ alias, provider }`. */
  'PROVIDER_ALIAS_UNKNOWN',
  /** `expose` with `onToolLimit: 'block'` found more eligible tools than the provider's request accepts. `data`: `{ provider, maxTools, eligible }`. Expose fewer (`select`, server enablement) or let the host defer the rest. */
  'PROVIDER_TOOL_LIMIT',
] as const;

/** One of {@link REFERENCE_CLIENT_ERROR_CODES}. */
export type ReferenceClientErrorCode = (typeof REFERENCE_CLIENT_ERROR_CODES)[number];

/** The shape of `data` for each code. */
export interface ErrorDataByCode {
  HOST_INVALID_CONFIG: { field: string; reason: string };
  HOST_DUPLICATE_SERVER: { serverId: string };
  HOST_UNKNOWN_SERVER: { serverId: string; known: string[] };
  HOST_CLOSED: Record<string, never>;
  SERVER_NOT_READY: { serverId: string; state: string; failure?: DiscoveryFailure };
  SERVER_AUTHORIZATION_FAILED: { serverId: string; failure: DiscoveryFailure };
  TOOL_UNAVAILABLE: {
    serverId: string;
    toolName: string;
    discoveryRevision?: string;
    failure?: DiscoveryFailure;
  };
  TOOL_ARGUMENTS_INVALID: {
    serverId: string;
    toolName: string;
    contractHash: string;
    errors: ArgumentError[];
    contractChanged: boolean;
  };
  TOOL_SCHEMA_UNUSABLE: { serverId: string; toolName: string; contractHash: string; reason: string };
  TOOL_PERMISSION_DENIED: { serverId: string; toolName: string; decision: string; chatId?: string };
  TOOL_CONTRACT_STALE: { serverId: string; toolName: string; failure: DiscoveryFailure };
  TOOL_CALL_FAILED: { serverId: string; toolName: string; failure: DiscoveryFailure };
  TOOL_OUTPUT_INVALID: { serverId: string; toolName: string; contractHash: string; errors: ArgumentError[] };
  PROVIDER_UNKNOWN: { provider: string; known: string[] };
  PROVIDER_ALIAS_UNKNOWN: { alias: string; provider: string };
  PROVIDER_TOOL_LIMIT: { provider: string; maxTools: number; eligible: number };
}

/** One JSON Schema validation error: where (`instancePath`, a JSON pointer) and why. */
export interface ArgumentError {
  instancePath: string;
  keyword: string;
  message: string;
}
