import type { TranscriptFrame } from '@toolshift/fake-server';
import type { ClientAdapterFactory } from '../../adapters/client-adapter.js';
import type { ExploreOptions, PropertyOutcome } from '../../properties/property-explorer.js';
import type { ReplayFile } from '../../replay/replay-file.js';
import type { CellEra, Scenario } from '../../scenario.js';
import type { CellOptions, RawCellResult } from '../run-cell.js';

/**
 * The messages between the runner and a client process (a child process that loads one
 * `--client-module` file and runs that module's cells), over Node's IPC channel with the `advanced`
 * (structured clone) serialization: plain data only, never a function.
 */

/** What the runner knows of a module's client: everything but `create()`, which only works inside the client process. */
export type ClientDescription = Pick<ClientAdapterFactory, 'name' | 'kind' | 'description' | 'capabilities'>;

/** Cell options that cross the process boundary (the callbacks stay on the runner's side). */
export type PortableCellOptions = Pick<
  CellOptions,
  'transport' | 'settleTimeoutMs' | 'quietMs' | 'actionTimeoutMs' | 'waitTimeoutMs' | 'seed' | 'proxyUpstream'
>;

/** The portable part of `options` (a runner may hand `runCell` a bigger object, e.g. the suite's options). */
export function portableCellOptions(options: CellOptions): PortableCellOptions {
  const keys = [
    'transport',
    'settleTimeoutMs',
    'quietMs',
    'actionTimeoutMs',
    'waitTimeoutMs',
    'seed',
    'proxyUpstream',
  ] as const;
  return Object.fromEntries(
    keys.filter((key) => options[key] !== undefined).map((key) => [key, options[key]]),
  ) as PortableCellOptions;
}

/** Runner → client process. */
export type ToClientProcess =
  /** Run one cell with client `client` of the module and answer with `cell-result` (or `cell-error`). */
  | {
      type: 'run-cell';
      id: number;
      client: string;
      scenario: Scenario;
      era: CellEra;
      options: PortableCellOptions;
    }
  /** Run a job other than a cell (see {@link ClientJob}); answer with `job-result` (or `job-error`). */
  | { type: 'job'; id: number; job: ClientJob }
  /** End the process (no answer). */
  | { type: 'shutdown' };

/**
 * Jobs a client process runs with one of its module's clients besides cells, where the client's
 * code lives: exploring a property suite (every trial under the process's own virtual time and
 * scheduler, shrinking included; the answer is the {@link PropertyOutcome}), and replaying a
 * counterexample (the answer is a {@link ReplayJobResult}).
 */
export type ClientJob =
  | { kind: 'explore'; client: string; property: string; options: ExploreOptions }
  | { kind: 'replay'; client: string; replay: ReplayFile };

/** The answer to an `explore` job. */
export type ExploreJobResult = PropertyOutcome;

/** The answer to a `replay` job: what `replayTrial` found, as plain data. */
export interface ReplayJobResult {
  failures: string[];
  identical: boolean;
  diverged?: string;
  /** The deliveries the replayed run made. */
  deliveries: number;
  transcript: TranscriptFrame[];
}

/** Client process → runner. */
export type FromClientProcess =
  /** The module loaded; these are its clients. */
  | { type: 'loaded'; clients: ClientDescription[] }
  /** The module could not be loaded (the message of the `CLIENT_MODULE_INVALID` error). */
  | { type: 'load-failed'; message: string; reason: string }
  /** Sent every `HEARTBEAT_MS` while the process's event loop runs. */
  | { type: 'alive' }
  /** A cell reached a new action (`action 3 of 4 (call search_docs)`, `the checks`, …). */
  | { type: 'cell-progress'; id: number; at: string }
  | { type: 'cell-result'; id: number; result: RawCellResult }
  /** The runner itself threw while running the cell (a harness error, not the client's). */
  | { type: 'cell-error'; id: number; message: string }
  | { type: 'job-result'; id: number; result: unknown }
  /** The job threw (its message). */
  | { type: 'job-error'; id: number; message: string };

/**
 * The start of the mark a client process writes to its stderr once a cell ended
 * (`cellEndMark(id)`), before it sends the result: stderr and IPC are separate pipes, so the
 * runner takes the cell's stderr to be complete when it reads the mark.
 */
export const CELL_END_MARK = '\u001etoolshift-cell-end ';

/** The end mark of cell `id` (see {@link CELL_END_MARK}). */
export function cellEndMark(id: number): string {
  return `${CELL_END_MARK}${id}\u001e\n`;
}

/** How often a client process says it is alive, ms. */
export const HEARTBEAT_MS = 500;
