import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { checkDriver } from '../../src/driver-check/driver-check.js';
import { SMOKE_SCENARIOS } from '../../src/scorecard/capability-groups.js';
import { discoverDrivers } from '../../src/scorecard/driver-manifest.js';
import { runScorecard } from '../../src/scorecard/run-scorecard.js';

// Every driver under clients/<language>/<library>/ runs the smoke selection in both eras against its
// library's baseline: its environment is prepared once and reused while its lockfiles are unchanged
// (.toolshift-prepared); a driver whose toolchain is absent, or whose prepare fails (no registry),
// is skipped with the reason. A command program must also pass `toolshift driver-check`.
const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const drivers = await discoverDrivers(join(root, 'clients'), root);

test('the drivers are found', () => {
  expect(drivers.length).toBeGreaterThanOrEqual(7);
});

describe.concurrent('every driver', () => {
  test.for(drivers.map((driver) => ({ id: driver.id, driver })))(
    '$id runs the smoke selection in both eras, matches its baseline and (a program) passes driver-check',
    { timeout: 600_000 },
    async ({ driver }, context) => {
      const [score] = await runScorecard({
        drivers: [driver],
        scenarios: SCENARIOS.filter((s) =>
          (driver.manifest.smoke ?? SMOKE_SCENARIOS).includes(s.id as never),
        ),
        eras: ['legacy', 'modern'],
        transports: ['http'],
        cellConcurrency: 2,
        // A command driver's connect includes starting its runtime (a JVM, a Python agent framework's
        // imports), which every driver running at once on a busy machine stretches past the default 15 s.
        actionTimeoutMs: 45_000,
      });
      if (score!.skipped) context.skip(score!.skipped);
      const unexpected = score!.findings.filter((finding) => !finding.explained);
      expect(unexpected, JSON.stringify(unexpected, null, 2)).toEqual([]);
      expect(score!.exitCode, JSON.stringify(score!.counts)).toBe(0);
      if (driver.manifest.kind === 'command') {
        const report = await checkDriver(driver.manifest.start!, { cwd: driver.dir });
        expect(report.checks.filter((check) => check.status === 'fail')).toEqual([]);
      }
    },
  );
});
