/**
 * @toolshift/assertions — pure invariant checks over a toolshift transcript and a client's
 * observations, each returning a verdict with the frames that prove it.
 */
export type { Authority, AuthorityRule, ResolvedAuthority } from './authority/authority.js';
export {
  authorityFor,
  describeAuthority,
  resolveAuthority,
  SEED_000,
  SEED_002,
} from './authority/authority.js';
export type { NormativeLevel } from './authority/normative-level.js';
export { CHARGED_LEVELS, isCharged, NORMATIVE_LEVELS } from './authority/normative-level.js';
export type { ProtocolRevision, SpecClause } from './authority/spec-clause.js';
export { citeClause } from './authority/spec-clause.js';
export { SPEC_CLAUSES, specClause } from './authority/spec-clauses.js';
export type { ServerVerdict } from './check-every-server.js';
export { checkEveryServer } from './check-every-server.js';
export { neverListed, noExposure, noModelRequest } from './client-left-unjudged.js';
export type { DuplicateName } from './duplicate-names.js';
export { duplicateNames } from './duplicate-names.js';
export { erasSpoken, unlessSpoken } from './era-gate.js';
export type { Invariant, InvariantParams } from './invariant.js';
export * from './invariants/index.js';
export { RECORDED_HEADERS } from './invariants/wire-header.js';
export type { MatcherResult, ToolshiftMatchers } from './matchers/invariant-matchers.js';
export { describeVerdict, toolshiftMatchers } from './matchers/invariant-matchers.js';
export type { EraAttempt, NegotiatedEra } from './negotiated-era.js';
export {
  describeAttempt,
  describeEndpoint,
  ERA_REVISION,
  inferEndpointEras,
  negotiatedEra,
  refusedForEra,
  requestEra,
} from './negotiated-era.js';
export type { ParamShape, ParamType } from './param-shape.js';
export type {
  CatalogTruth,
  ConnectionRecord,
  ExposedTool,
  ListsTruth,
  ModelCallOutcome,
  ModelTool,
  Observation,
  RunRecord,
  ServerRecord,
  WithheldModelTool,
} from './run-record.js';
export { connectionFrames, connectionIds, negotiationOf, recordOf, serverIds } from './run-record.js';
export type { ExposedToolLike, RunRecordFromOptions, RunRecordSource, ToolSetAt } from './run-record-from.js';
export { runRecordFrom, toolSetAt } from './run-record-from.js';
export type { SchemaChange, SchemaFinding, ServedSchema } from './schema-findings.js';
export { classifySchema, describeChanges, schemaChanges, servedSchemas } from './schema-findings.js';
export type { Enumeration, ListExchange } from './tool-listings.js';
export { changeSignals, enumerations, enumerationTools, listExchanges, stepFrames } from './tool-listings.js';
export type { UnheardChange } from './unheard-change.js';
export { laterChangeUnheard, noChangeNotification, unheardChange } from './unheard-change.js';
export type { FrameRef, InconclusiveCause, InconclusiveOptions, Verdict, VerdictStatus } from './verdict.js';
export { clientLeftUnjudged, fail, inconclusive, pass } from './verdict.js';
export type { SentMessage } from './wire-requests.js';
export { requestFrames, sentMessages } from './wire-requests.js';
