#!/usr/bin/env node
// Prepares every command driver under clients/<language>/<library>/ (its toolshift-driver.json says
// how: a venv from hashed requirements, a Go build, …), each cached by its lockfile so a second run
// is quick. A driver whose toolchain is absent is skipped with a one-line reason. Run by .ci/run
// before the tests; `node clients/prepare-drivers.mjs [language/library ...]` prepares only those.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const clients = dirname(fileURLToPath(import.meta.url));
const root = dirname(clients);

/** Every driver manifest: `{ folder, manifest }`, sorted by folder. */
export function driverManifests() {
  const found = [];
  for (const language of readdirSync(clients, { withFileTypes: true })) {
    if (!language.isDirectory()) continue;
    for (const library of readdirSync(join(clients, language.name), { withFileTypes: true })) {
      const file = join(clients, language.name, library.name, 'toolshift-driver.json');
      if (library.isDirectory() && existsSync(file))
        found.push({
          folder: relative(root, dirname(file)),
          manifest: JSON.parse(readFileSync(file, 'utf8')),
        });
    }
  }
  return found.sort((a, b) => a.folder.localeCompare(b.folder));
}

/** Whether the driver's toolchain answers (`null`) or why not. */
export function missingToolchain(manifest) {
  const [command, ...args] = manifest.toolchain;
  const probe = spawnSync(command, args, { encoding: 'utf8' });
  return probe.status === 0 ? null : `${command} not found`;
}

/** Runs the driver's prepare step from the repo root; throws with its output when it fails. */
export function prepareDriver(manifest) {
  const [command, ...args] = manifest.prepare;
  const run = spawnSync(command, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (run.status !== 0)
    throw new Error(`${manifest.prepare.join(' ')} failed (exit ${run.status}):\n${run.stderr}${run.stdout}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const only = process.argv.slice(2);
  let failed = false;
  for (const { folder, manifest } of driverManifests()) {
    if (only.length > 0 && !only.includes(`${manifest.language}/${manifest.library}`)) continue;
    const missing = missingToolchain(manifest);
    if (missing) {
      console.log(`${folder}: skipped (${missing})`);
      continue;
    }
    const started = Date.now();
    try {
      prepareDriver(manifest);
      console.log(`${folder}: ready (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    } catch (error) {
      failed = true;
      console.error(`${folder}: ${error.message}`);
    }
  }
  process.exitCode = failed ? 1 : 0;
}
