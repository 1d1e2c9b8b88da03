import type { ClientAdapter } from '../../adapters/client-adapter.js';
import type { CellEra, Scenario } from '../../scenario.js';
import type { CellServers } from '../cell-servers.js';
import type { ObservationLog } from '../observation-log.js';
import type { ExposureFeed } from './exposure-feed.js';
import type { RunnerVerdicts } from './runner-verdicts.js';
import type { SessionTimeouts } from './session-timeouts.js';

/** What every action of one cell session works with: the cell, the client, and what is recorded. */
export interface SessionScope {
  readonly scenario: Scenario;
  readonly era: CellEra;
  readonly servers: CellServers;
  readonly adapter: ClientAdapter;
  readonly timeouts: SessionTimeouts;
  /** Observations of what the client did. */
  readonly log: ObservationLog;
  /** The runner's own `runner.*` verdicts. */
  readonly verdicts: RunnerVerdicts;
  /** The client's latest exposure, which `settle` converges on. */
  readonly exposures: ExposureFeed;
}
