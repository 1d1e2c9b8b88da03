#!/usr/bin/env node
// Prepares every driver under clients/<language>/<library>/ as `toolshift scorecard` does (its
// toolshift-driver.yaml `prepare` commands, run once per machine and lockfile key into
// $TOOLSHIFT_CACHE_DIR/drivers/, default ~/.cache/toolshift, and linked from the driver's folder; a
// driver whose toolchain is absent is skipped with the reason), as many at once as the machine has
// cores, so the test suite's driver smoke starts from ready environments and a fresh clone reuses them. Run by .ci/run after `pnpm build`; needs the built packages/scenarios.
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { discoverDrivers } from '../packages/scenarios/dist/src/scorecard/driver-manifest.js';
import { prepareDriver } from '../packages/scenarios/dist/src/scorecard/prepare-driver.js';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const drivers = await discoverDrivers(join(root, 'clients'), root);
let failed = false;
let next = 0;
// As many drivers at once as the machine has cores (a cargo build next to a pip install).
const worker = async () => {
  while (next < drivers.length) {
    const driver = drivers[next++];
    const started = Date.now();
    const outcome = await prepareDriver(driver, (line) => console.log(line));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (outcome.ready) console.log(`${driver.id}: ready${outcome.reused ? ' (cached)' : ''} in ${seconds} s`);
    else if (outcome.skipped.startsWith('toolchain absent'))
      console.log(`${driver.id}: skipped: ${outcome.skipped}`);
    else {
      failed = true;
      console.error(`${driver.id}: ${outcome.skipped}`);
    }
  }
};
await Promise.all(Array.from({ length: Math.min(availableParallelism(), drivers.length) }, worker));
process.exitCode = failed ? 1 : 0;
