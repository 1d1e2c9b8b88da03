import { SCENARIOS } from '../../catalog/index.js';
import type { Scenario } from '../scenario.js';
import type { DriverManifest } from './driver-manifest.js';

/** What a grade needs to know of a scenario: its client actions and, where known, its checks. */
export type GradedScenario = Pick<Scenario, 'clientActions'> & Partial<Pick<Scenario, 'checks'>>;

/** How the client gets the tool set it hands the model, for the grade. */
export interface GradeContext {
  /** The driver lists again before each model request (manifest `relists`). */
  reasksBeforeModelRequests: boolean;
  /**
   * The library drops its tool list on a change signal and lists again when the host next asks for
   * tools (manifest `relists: at-next-use-after-change-signal`): it keeps no list that a signal
   * must refresh at once, and what the model is offered is listed after the signal.
   */
  relistsAtNextUse?: boolean;
  /**
   * The library stops at the MCP session and the driver builds what the model is offered and gets
   * back (manifest `modelLayer: driver`): {@link MODEL_LAYER_CHECKS} judge the driver, not the library.
   */
  modelLayerIsDriver?: boolean;
  /** The scenarios by id, to tell which ones make model requests and which invariant a check runs. */
  scenarios: ReadonlyMap<string, GradedScenario>;
}

/** What the grade needs to know about a driver: how it gets the tool set, and whose model layer it has. */
export function gradeContextFor(manifest: Pick<DriverManifest, 'relists' | 'modelLayer'>): GradeContext {
  return {
    reasksBeforeModelRequests:
      manifest.relists !== 'on-change-signal' && manifest.relists !== 'at-next-use-after-change-signal',
    relistsAtNextUse: manifest.relists === 'at-next-use-after-change-signal',
    modelLayerIsDriver: manifest.modelLayer === 'driver',
    scenarios: new Map(SCENARIOS.map((scenario) => [scenario.id, scenario])),
  };
}
