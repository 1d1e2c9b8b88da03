import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { toolshiftProcess, workspaceRoot } from '../support/toolshift-process.js';

/** A driver's `toolshift-driver.json` (clients/<language>/<library>/). */
interface DriverManifest {
  language: string;
  library: string;
  version: string;
  toolchain: string[];
  prepare: string[];
  command: string;
  baseline: string;
}

interface DriverTools {
  driverManifests(): Array<{ folder: string; manifest: DriverManifest }>;
  missingToolchain(manifest: DriverManifest): string | null;
  prepareDriver(manifest: DriverManifest): void;
}

const tools = (await import(
  pathToFileURL(join(workspaceRoot, 'clients/prepare-drivers.mjs')).href
)) as DriverTools;
const smoke = JSON.parse(readFileSync(join(workspaceRoot, 'clients/smoke.json'), 'utf8')) as {
  eras: string;
  transport: string;
  scenarios: string[];
};

// Each real client in another language runs the smoke selection through the command protocol and
// must match its own baseline: its known library bugs still fail (each entry is checked), nothing
// else does. The environment (venv, Go build) is prepared once and cached by the driver's lockfile.
describe.each(tools.driverManifests())('command driver $folder', ({ folder, manifest }) => {
  const missing = tools.missingToolchain(manifest);
  test.skipIf(missing !== null)(
    `${manifest.language} ${manifest.library} ${manifest.version} matches its baseline on the smoke selection${missing ? ` (skipped: ${missing})` : ''}`,
    async () => {
      tools.prepareDriver(manifest);
      const run = await toolshiftProcess([
        'run',
        '--client',
        `command:${manifest.command}`,
        '--transport',
        smoke.transport,
        '--era',
        smoke.eras,
        ...smoke.scenarios.flatMap((id) => ['--scenario', id]),
        '--baseline',
        join(folder, manifest.baseline),
      ]);
      expect(run.stdout, run.stderr).toContain('Result: matches the baseline.');
      expect(run.code).toBe(0);
      const counts = /(\d+) pass, (\d+) expected failures, 0 unexpected failures, 0 stale/.exec(run.stdout);
      expect(counts, run.stdout).not.toBeNull();
      // Both kinds of cell are there: the library passes some checks and its baselined bugs are detected.
      expect(Number(counts?.[1])).toBeGreaterThan(0);
      expect(Number(counts?.[2])).toBeGreaterThan(0);
    },
    600_000,
  );
});
