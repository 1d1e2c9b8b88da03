/**
 * @toolshift/scenarios — the scenario library, runner, client adapters, reports and the `toolshift` CLI.
 */

export {
  CLIENT_PHASES,
  type ClientPhase,
  ClientPhaseError,
  phaseOf,
} from './adapters/client-phase-error.js';
export type { DefectFactory, DefectInfo } from './adapters/defects/index.js';
export { DEFECTS, NaiveClient } from './adapters/defects/index.js';
export { type CatcherOutcome, runCatcher } from './adapters/defects/run-catcher.js';
export { FEATURE_METHODS, missingMethods } from './adapters/feature-methods.js';
export type {
  AdapterCallOutcome,
  AgentTurnReport,
  ClientAdapter,
  ClientAdapterFactory,
  ClientCapabilities,
  ClientObserver,
  ConnectTarget,
  ModelCallResult,
  ModelRequest,
  ModelTarget,
  ReportedState,
  TransportTarget,
} from './adapters/index.js';
export { CLIENT_ADAPTERS, capabilitiesOf } from './adapters/index.js';
export type { ReferenceAdapterOptions } from './adapters/reference-adapter.js';
export { ReferenceClientAdapter, referenceClient } from './adapters/reference-adapter.js';
export {
  GATEWAY_SERVER_ID,
  ReferenceGatewayAdapter,
  referenceGateway,
} from './adapters/reference-gateway-adapter.js';
export { SdkClientAdapter, sdkClient } from './adapters/sdk-adapter.js';
export { SkewableClock } from './adapters/skewable-clock.js';
export * as arb from './arbitraries/index.js';
export type { ExpectedFailure, ExpectedFailures } from './baseline/expected-failures.js';
export {
  failsAsExpected,
  findExpectedFailure,
  loadExpectedFailures,
  parseExpectedFailures,
} from './baseline/expected-failures.js';
export { expectedFailuresFromResults, renderExpectedFailures } from './baseline/write-expected-failures.js';
export type { ClientAction, FrameMatch } from './client-action.js';
export { SCENARIOS_ERROR_CODES, type ScenariosErrorCode } from './errors/codes.js';
export { ScenarioError } from './errors/scenario-error.js';
export {
  type ExploreOptions,
  PROPERTIES,
  PropertyExplorer,
  type PropertyOutcome,
  type PropertySuite,
  propertyRuns,
  replayDir,
} from './properties/index.js';
export { createInProcessFetch, type DeliveryGate } from './replay/in-process-fetch.js';
export { type ReplayFile, readReplayFile, transcriptDigest, writeReplayFile } from './replay/replay-file.js';
export { type ReplayOutcome, replayTrial } from './replay/replay-trial.js';
export { runTrial, TRIAL_ENDPOINT, type TrialOptions, type TrialRun } from './replay/run-trial.js';
export type { TimelineEvent, Trial, TrialConnection } from './replay/trial.js';
export { quiesce, VirtualTime } from './replay/virtual-time.js';
export { baselineReporter } from './reports/baseline-report.js';
export type { ConsoleReportOptions } from './reports/console-table.js';
export { type HtmlReportOptions, renderHtmlReport } from './reports/html-report.js';
export { type HtmlReportData, toHtmlReportData } from './reports/html-report-data.js';
export {
  consoleTableReporter,
  FILE_REPORTERS,
  htmlReporter,
  jsonReporter,
  junitReporter,
} from './reports/index.js';
export { JSON_REPORT_SCHEMA_ID } from './reports/json-report.js';
export { renderJunit } from './reports/junit-report.js';
export type { Reporter } from './reports/reporter.js';
export { type FeatureNeed, notApplicableReason, requiredFeatures } from './runner/applicability.js';
export type { Cell, CellResult, CellStatus, CheckVerdict } from './runner/cell.js';
export { CELL_STATUSES, cellKey, rawStatusOf } from './runner/cell.js';
export {
  closeIsolatedClients,
  type IsolatedClientFactory,
  isIsolated,
  loadIsolatedClients,
} from './runner/client-process/isolated-client.js';
export type { CellOptions, RawCellResult } from './runner/run-cell.js';
export { runCell } from './runner/run-cell.js';
export { type RunExitCode, type RunOutcome, runOutcome } from './runner/run-outcome.js';
export type { SuiteOptions, SuiteSummary } from './runner/run-suite.js';
export { applyBaseline, expandCells, runSuite } from './runner/run-suite.js';
export { exposureMatches, settle } from './runner/settle.js';
export type {
  ClientFeature,
  Scenario,
  ScenarioCheck,
  ScenarioServer,
  ScenarioSource,
  ScenarioTransport,
} from './scenario.js';
export {
  CLIENT_FEATURES,
  checkId,
  describeSource,
  ScenarioSchema,
  serverOf,
  TRANSPORT_KINDS,
} from './scenario.js';
export { loadScenarioFile } from './scenario-file/load-scenario-file.js';
export { parseScenario } from './scenario-file/parse-scenario.js';
export { saveScenarioFile, scenarioToJson, scenarioToYaml } from './scenario-file/serialize-scenario.js';
