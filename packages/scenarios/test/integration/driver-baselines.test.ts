import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { checkChangeHooks } from '../../src/driver-check/change-hooks-check.js';
import { discoverDrivers } from '../../src/scorecard/driver-manifest.js';
import { loadLibraryBaseline } from '../../src/scorecard/library-baseline.js';
import { smokeSelection } from '../../src/scorecard/smoke-selection.js';

// Every driver under clients/<language>/<library>/ as the scorecard and the CI smoke read it: its
// baseline through the real loader (the format, the catalog's scenarios and checks, evidence and a
// root cause on every entry; each root cause with its level and, for a charged one, the quoted spec
// clauses or the library's documented promise with its location; a `must` one with its standalone
// reproduction) and its smoke selection (catalog scenarios, at least six, cells in both eras).
const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const drivers = await discoverDrivers(join(root, 'clients'), root);

test('the drivers are found', () => {
  expect(drivers.length).toBeGreaterThanOrEqual(16);
});

test.for(drivers.map((driver) => ({ id: driver.id, driver })))(
  "$id: its baseline loads through the scorecard's loader, each entry with evidence and a root cause that states its authority",
  async ({ driver }) => {
    expect(
      driver.manifest.baseline,
      'every driver keeps a baseline (empty when it has no known bug)',
    ).toBeDefined();
    const baseline = await loadLibraryBaseline(driver, root);
    const causes = new Map((baseline!.rootCauses ?? []).map((cause) => [cause.id, cause]));
    for (const entry of baseline!.entries) {
      expect(entry.client).toBe(driver.manifest.client);
      expect(entry.reason.length).toBeGreaterThan(0);
      expect(entry.evidence?.length).toBeGreaterThan(0);
      const cause = causes.get(entry.rootCause!);
      expect(cause, `${entry.scenario}: root cause ${entry.rootCause}`).toBeDefined();
      if (cause!.level === 'must' || cause!.level === 'should')
        expect(cause!.clauses?.length).toBeGreaterThan(0);
      if (cause!.level === 'library-doc') expect(cause!.doc?.quote.length).toBeGreaterThan(0);
      if (cause!.level === 'advice') expect(cause!.basis?.length).toBeGreaterThan(0);
      if (cause!.level === 'must') expect(cause!.repro).toMatch(/^scorecard\/repros\//);
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

test.for(drivers.map((driver) => ({ id: driver.id, driver })))(
  '$id: registers every documented change hook its manifest lists',
  ({ driver }) => {
    const failed = checkChangeHooks(driver.manifest, driver.dir).filter((check) => check.status === 'fail');
    expect(failed).toEqual([]);
  },
);
