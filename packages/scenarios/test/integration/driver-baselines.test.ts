import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { discoverDrivers } from '../../src/scorecard/driver-manifest.js';
import { loadDriverBaseline } from '../../src/scorecard/run-scorecard.js';
import { smokeSelection } from '../../src/scorecard/smoke-selection.js';

// Every driver under clients/<language>/<library>/ as the scorecard and the CI smoke read it: its
// baseline through the real loader (the format, the catalog's scenarios and checks, evidence on
// every entry) and its smoke selection (catalog scenarios, at least six, cells in both eras).
const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const drivers = await discoverDrivers(join(root, 'clients'), root);

test('the drivers are found', () => {
  expect(drivers.length).toBeGreaterThanOrEqual(16);
});

test.for(drivers.map((driver) => ({ id: driver.id, driver })))(
  "$id: its baseline loads through the scorecard's loader, each entry with evidence",
  async ({ driver }) => {
    expect(
      driver.manifest.baseline,
      'every driver keeps a baseline (empty when it has no known bug)',
    ).toBeDefined();
    const baseline = await loadDriverBaseline(driver, { name: driver.manifest.client, kind: 'external' });
    for (const entry of baseline!.entries) {
      expect(entry.client).toBe(driver.manifest.client);
      expect(entry.reason.length).toBeGreaterThan(0);
      expect(entry.evidence?.length).toBeGreaterThan(0);
    }
  },
);

test.for(drivers.map((driver) => ({ id: driver.id, driver })))(
  '$id: its smoke selection has at least six catalog scenarios and cells in both eras',
  ({ driver }) => {
    const scenarios = smokeSelection(driver);
    expect(scenarios.length).toBeGreaterThanOrEqual(6);
    expect(scenarios.some((s) => s.eras.includes('legacy'))).toBe(true);
    expect(scenarios.some((s) => s.eras.includes('modern'))).toBe(true);
  },
);
