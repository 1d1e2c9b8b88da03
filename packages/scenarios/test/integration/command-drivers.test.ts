import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { SMOKE_SCENARIOS } from '../../src/scorecard/capability-groups.js';
import { discoverDrivers } from '../../src/scorecard/driver-manifest.js';
import { missingToolchain } from '../../src/scorecard/prepare-driver.js';
import { runScorecard } from '../../src/scorecard/run-scorecard.js';
import { workspaceRoot } from '../support/toolshift-process.js';

const drivers = (await discoverDrivers(join(workspaceRoot, 'clients'), workspaceRoot)).filter(
  (driver) => driver.manifest.kind === 'command',
);

// Every real client in another language (clients/<language>/<library>/) runs its smoke selection in
// both single-era endpoints through the command protocol and must match its own baseline: each
// known library bug is still detected, nothing else fails, and the library passes the rest. The
// environment (venv, Go build, Maven package, cargo build) is prepared once per lockfile key.
describe.each(drivers.map((driver) => ({ id: driver.id, driver })))('driver $id', ({ driver }) => {
  const { manifest } = driver;
  const missing = missingToolchain(manifest.toolchain);
  test.skipIf(missing.length > 0)(
    `${manifest.library} ${manifest.version} matches its baseline on its smoke selection${missing.length ? ` (skipped: ${missing.join(', ')} not on PATH)` : ''}`,
    async () => {
      const ids: readonly string[] = manifest.smoke ?? SMOKE_SCENARIOS;
      const [score] = await runScorecard({
        drivers: [driver],
        scenarios: SCENARIOS.filter((scenario) => ids.includes(scenario.id)),
        eras: ['legacy', 'modern'],
        transports: ['http'],
        // A driver's connect includes starting its runtime (a JVM, a Python agent framework's imports),
        // which the busy machine of a full test run can stretch past the default 15 s.
        actionTimeoutMs: 45_000,
      });
      expect(score?.skipped).toBeUndefined();
      const unexplained = score?.findings.filter((finding) => !finding.explained) ?? [];
      expect(unexplained, JSON.stringify(unexplained, null, 2)).toEqual([]);
      expect(score?.exitCode, JSON.stringify(score?.counts)).toBe(0);
      // Both kinds of cell: the library passes some checks, and its baselined bugs are detected.
      expect(score?.counts.pass ?? 0).toBeGreaterThan(0);
      expect(score?.counts['known-failure'] ?? 0).toBeGreaterThan(0);
    },
    900_000,
  );
});
