/**
 * @toolshift/scenarios — the scenario library, runner, client adapters, reports and the `toolshift` CLI.
 */

export type {
  AdapterCallOutcome,
  ClientAdapter,
  ClientAdapterFactory,
  ClientObserver,
  ConnectTarget,
} from './adapters/index.js';
export { CLIENT_ADAPTERS } from './adapters/index.js';
export { ReferenceClientAdapter, referenceClient } from './adapters/reference-adapter.js';
export { SdkClientAdapter, sdkClient } from './adapters/sdk-adapter.js';
export type { ExpectedFailure, ExpectedFailures } from './baseline/expected-failures.js';
export { findExpectedFailure, loadExpectedFailures } from './baseline/expected-failures.js';
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
