import { SCENARIOS } from '../../catalog/index.js';
import type { DriverManifest } from './driver-manifest.js';
import type { GradeContext } from './group-grade.js';

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
