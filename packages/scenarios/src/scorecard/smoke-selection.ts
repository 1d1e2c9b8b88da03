import { join } from 'node:path';
import { ToolshiftError } from '@toolshift/fake-server';
import { SCENARIOS } from '../../catalog/index.js';
import type { Scenario } from '../scenario.js';
import { SMOKE_SCENARIOS } from './capability-groups.js';
import { DRIVER_MANIFEST_FILE, type Driver } from './driver-manifest.js';

/**
 * A driver's CI smoke selection: the `smoke` list of its manifest, or the scorecard's
 * {@link SMOKE_SCENARIOS} when it has none, as catalog scenarios in the listed order.
 * @throws {ToolshiftError} DRIVER_MANIFEST_INVALID naming the manifest and the entry that is not a catalog scenario.
 */
export function smokeSelection(driver: Pick<Driver, 'manifest' | 'dir'>): Scenario[] {
  const ids: readonly string[] = driver.manifest.smoke ?? SMOKE_SCENARIOS;
  return ids.map((id, index) => {
    const scenario = SCENARIOS.find((s) => s.id === id);
    if (scenario) return scenario;
    const source = join(driver.dir, DRIVER_MANIFEST_FILE);
    throw new ToolshiftError(
      'DRIVER_MANIFEST_INVALID',
      `Driver manifest ${source}: /smoke/${index} names unknown scenario '${id}'. Run 'toolshift list' to see every scenario id.`,
      { source, pointer: `/smoke/${index}`, rule: 'catalog-scenario' },
    );
  });
}
