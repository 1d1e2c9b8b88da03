/**
 * @toolshift/reference-client — a host-side MCP tool discovery client that does discovery right:
 * registry keyed by `(serverId, toolName)`, contract snapshots, freshness, subscriptions, schema
 * gate, provider adaptation, permissions and revalidate-before-execute.
 */

export type { AuditEvent, AuditRecord } from './audit/audit-event.js';
export { type AuditTrail, DisabledAuditTrail, InMemoryAuditTrail } from './audit/audit-trail.js';
export type { FetchBounds } from './connection/bounded-fetch.js';
export { type EraPreference, MODERN_PROTOCOL_REVISION } from './connection/era-preference.js';
export { DEFAULT_LISTING_LIMITS, type ListingLimits } from './connection/page-walker.js';
export { describeEndpoint, type ServerEndpoint } from './connection/server-endpoint.js';
export {
  DEFAULT_STDIO_BOUNDS,
  type ProcessExit,
  type StdioBounds,
  StdioProcessTransport,
  type StdioServerConfig,
} from './connection/stdio-process-transport.js';
export { type CallToolRequest, DiscoveryHost, type DiscoveryHostOptions } from './discovery-host.js';
export { LIST_KINDS, LIST_PROTOCOL, type ListKind } from './discovery-machine/list-kind.js';
export type { DiscoveryEffect, TimerDelay } from './discovery-machine/machine-effect.js';
export type { DiscoveryEvent, StreamEndCause } from './discovery-machine/machine-event.js';
export { DEFAULT_MACHINE_POLICY, type MachinePolicy } from './discovery-machine/machine-policy.js';
export type { ListState, MachineState } from './discovery-machine/machine-state.js';
export { type Transition, transition } from './discovery-machine/transition.js';
export { classifyFailure } from './errors/classify-failure.js';
export {
  type ArgumentError,
  type ErrorDataByCode,
  REFERENCE_CLIENT_ERROR_CODES,
  type ReferenceClientErrorCode,
} from './errors/codes.js';
export { type DiscoveryFailure, FAILURE_KINDS, type FailureKind } from './errors/discovery-failure.js';
export { isToolshiftError, ToolshiftError } from './errors/toolshift-error.js';
export { isDestructive } from './execution/is-destructive.js';
export type { ProposalCheck, ToolProposal } from './execution/tool-proposal.js';
export type { BackoffPolicy } from './freshness/backoff.js';
export { DiscoveryCache, type DiscoveryCacheKey } from './freshness/discovery-cache.js';
export { DEFAULT_FRESHNESS_POLICY, type FreshnessPolicy } from './freshness/freshness-policy.js';
export { type HostClock, systemClock } from './freshness/host-clock.js';
export type {
  DiscoveredEntry,
  DiscoveredPrompt,
  DiscoveredResource,
  ExcludedEntry,
  PromptArgumentInfo,
} from './lists/discovered-entry.js';
export { type ListListener, ListRegistry } from './lists/list-registry.js';
export { entryKey, ListSnapshot } from './lists/list-snapshot.js';
export type { ApprovalRequest, Approver } from './permissions/approver.js';
export {
  type PermissionDecision,
  PermissionPolicy,
  type PermissionPolicyOptions,
  type PermissionVerdict,
} from './permissions/permission-policy.js';
export { ALIAS_SEPARATOR, assignAliases } from './providers/alias-map.js';
export { anthropicAdapter } from './providers/anthropic-adapter.js';
export type { ExposeOptions } from './providers/build-exposure.js';
export { CHARS_PER_TOKEN, estimateTokens } from './providers/context-budget.js';
export { geminiAdapter } from './providers/gemini-adapter.js';
export { BUILT_IN_PROVIDERS } from './providers/index.js';
export { openAiStrictAdapter } from './providers/openai-strict-adapter.js';
export type { AdaptOutcome, NameRule, ProviderAdapter } from './providers/provider-adapter.js';
export {
  type ContextBudget,
  type ExposedTool,
  type StaleServer,
  ToolExposure,
  type ToolExposureParts,
  type WithheldTool,
} from './providers/tool-exposure.js';
export type {
  DiscoveryWarning,
  DiscoveryWarningKind,
  WarningListener,
} from './registry/discovery-warning.js';
export type { PollingPolicy } from './registry/host-context.js';
export type { DiscoveryStrategy, ServerConfig } from './registry/server-config.js';
export type { ChangeSignal, DiscoveryState, ListStatus, ServerState } from './registry/server-state.js';
export { type ToolKey, toolKeyString } from './registry/tool-key.js';
export type { RegistryListener } from './registry/tool-registry.js';
export type { DescriptionAdvisory } from './schema-gate/description-screen.js';
export type { ExcludedTool, GateReason, GateRejection } from './schema-gate/gate-verdict.js';
export type { SchemaNormalization } from './schema-gate/normalize-input-schema.js';
export type { SchemaDialect } from './schema-gate/schema-dialect.js';
export { DEFAULT_SCHEMA_LIMITS, type SchemaLimits } from './schema-gate/schema-limits.js';
export type { ValidatorCacheStats } from './schema-gate/validator-cache.js';
export { CatalogSnapshot, type SnapshotFreshness } from './snapshot/catalog-snapshot.js';
export { contractHash } from './snapshot/contract-hash.js';
export {
  type DiscoveredTool,
  type Era,
  executionContract,
  type JsonObject,
} from './snapshot/discovered-tool.js';
export {
  restoreCatalogSnapshot,
  type StoredCatalogSnapshot,
  storeCatalogSnapshot,
} from './snapshot/stored-catalog-snapshot.js';
export { FileSnapshotStore } from './snapshot-store/file-snapshot-store.js';
export { InMemorySnapshotStore } from './snapshot-store/in-memory-snapshot-store.js';
export type {
  SnapshotStore,
  SnapshotStoreKey,
  StoredServerRecord,
  StoredSession,
} from './snapshot-store/snapshot-store.js';
