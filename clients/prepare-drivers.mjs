#!/usr/bin/env node
// Prepares every driver under clients/<language>/<library>/ as `toolshift scorecard` does (its
// toolshift-driver.yaml `prepare` commands, run once per lockfile key; a driver whose toolchain is
// absent is skipped with the reason), so the test suite's driver smoke starts from ready
// environments. Run by .ci/run after `pnpm build`; needs the built packages/scenarios.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { discoverDrivers } from '../packages/scenarios/dist/src/scorecard/driver-manifest.js';
import { prepareDriver } from '../packages/scenarios/dist/src/scorecard/prepare-driver.js';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
let failed = false;
for (const driver of await discoverDrivers(join(root, 'clients'), root)) {
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
process.exitCode = failed ? 1 : 0;
