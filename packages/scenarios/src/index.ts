/**
 * @toolshift/scenarios — the scenario library, runner, client adapters, reports and the `toolshift` CLI.
 */

export type { DefectFactory, DefectInfo } from './adapters/defects/index.js';
export { DEFECTS, NaiveClient } from './adapters/defects/index.js';
export { type CatcherOutcome, runCatcher } from './adapters/defects/run-catcher.js';
export type {
  AdapterCallOutcome,
  ClientAdapter,
  ClientAdapterFactory,
  ClientObserver,
  ConnectTarget,
} from './adapters/index.js';
export { CLIENT_ADAPTERS } from './adapters/index.js';
export type { ReferenceAdapterOptions } from './adapters/reference-adapter.js';
export {
  GATEWAY_SERVER_ID,
  ReferenceClientAdapter,
  referenceClient,
  referenceGateway,
} from './adapters/reference-adapter.js';
export { SdkClientAdapter, sdkClient } from './adapters/sdk-adapter.js';
export * as arb from './arbitraries/index.js';
export type { ExpectedFailure, ExpectedFailures } from './baseline/expected-failures.js';
export { findExpectedFailure, loadExpectedFailures } from './baseline/expected-failures.js';
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
export { consoleTableReporter } from './reports/console-table.js';
export { jsonReporter } from './reports/json-report.js';
export type { Reporter } from './reports/reporter.js';
export type { Cell, CellResult, CellStatus } from './runner/cell.js';
export { cellKey } from './runner/cell.js';
export type { CellOptions } from './runner/run-cell.js';
export { runCell } from './runner/run-cell.js';
export type { SuiteOptions, SuiteSummary } from './runner/run-suite.js';
export { expandCells, runSuite } from './runner/run-suite.js';
export { exposureMatches, settle } from './runner/settle.js';
export type { ClientAction, Scenario, ScenarioSource } from './scenario.js';
export { describeSource } from './scenario.js';
