import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { checkDriver, type DriverCheckReport } from '../../src/driver-check/driver-check.js';
import { type Driver, discoverDrivers } from '../../src/scorecard/driver-manifest.js';
import { type DriverScore, runScorecard } from '../../src/scorecard/run-scorecard.js';
import { smokeSelection } from '../../src/scorecard/smoke-selection.js';

// Every driver under clients/<language>/<library>/ runs its smoke selection (the `smoke` list of its
// manifest) in both eras against its library's baseline: its environment is prepared once per machine
// and reused while its lockfiles are unchanged ($TOOLSHIFT_CACHE_DIR/drivers/…); a driver whose toolchain is absent, or whose
// prepare fails (no registry), is skipped with the reason. A command program must also pass
// `toolshift driver-check`. The drivers run in parallel up to the machine's cores, as `toolshift
// scorecard` runs them.
const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const drivers = await discoverDrivers(join(root, 'clients'), root);

interface Outcome {
  score: DriverScore;
  check?: DriverCheckReport;
}

async function smoke(driver: Driver): Promise<Outcome> {
  const [score] = await runScorecard({
    drivers: [driver],
    scenarios: smokeSelection,
    eras: ['legacy', 'modern'],
    transports: ['http'],
    cellConcurrency: 2,
    // A command driver's connect includes starting its runtime (a JVM, a Python agent framework's
    // imports), which every driver running at once on a busy machine stretches past the default 15 s.
    actionTimeoutMs: 45_000,
    repoRoot: root,
  });
  if (score!.skipped || driver.manifest.kind !== 'command') return { score: score! };
  return { score: score!, check: await checkDriver(driver.manifest.start!, { cwd: driver.dir }) };
}

/** Drivers whose test asked for their smoke, not started yet, in the order asked. */
const waiting: Array<() => void> = [];
let running = 0;
const slots = availableParallelism();

/** Runs a driver's smoke once its turn comes: at most `availableParallelism()` drivers at once. */
async function outcomeOf(driver: Driver): Promise<Outcome> {
  // A finished driver hands its slot straight to the next one waiting.
  if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await smoke(driver);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

test('the drivers are found', () => {
  expect(drivers.length).toBeGreaterThanOrEqual(16);
});

describe.concurrent('every driver', () => {
  test.for(drivers.map((driver) => ({ id: driver.id, driver })))(
    '$id runs its smoke selection in both eras, matches its baseline and (a program) passes driver-check',
    // The drivers queue behind each other (as many at once as the machine has cores; vitest starts
    // up to five of these tests at once).
    { timeout: 1_800_000 },
    async ({ driver }, context) => {
      const { score, check } = await outcomeOf(driver);
      if (score.skipped) context.skip(score.skipped);
      const unexpected = score.findings.filter((finding) => !finding.explained);
      expect(unexpected, JSON.stringify(unexpected, null, 2)).toEqual([]);
      expect(score.exitCode, JSON.stringify(score.counts)).toBe(0);
      if (check) expect(check.checks.filter((c) => c.status === 'fail')).toEqual([]);
    },
  );
});
