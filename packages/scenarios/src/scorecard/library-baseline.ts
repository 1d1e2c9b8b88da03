import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ToolshiftError } from '@toolshift/fake-server';
import { SCENARIOS } from '../../catalog/index.js';
import {
  checkExpectedFailures,
  type ExpectedFailures,
  loadExpectedFailures,
} from '../baseline/expected-failures.js';
import type { Driver } from './driver-manifest.js';

/** The file every standalone reproduction folder holds (see `scorecard/repros/README.md`). */
export const REPRO_FILE = 'repro.yaml';

function invalid(source: string, pointer: string, message: string): ToolshiftError<'BASELINE_INVALID'> {
  return new ToolshiftError('BASELINE_INVALID', `Baseline ${source}: ${pointer} ${message}`, {
    source,
    pointer,
  });
}

/**
 * A library's baseline (`clients/<language>/<library>/<baseline>`), checked against the catalog
 * (entries may name only the driver's client) and held to the scorecard's rules, since each entry
 * is a claim about someone else's code: every entry names its evidence and the root cause that
 * explains it; every root cause explains at least one entry, and a `must` one has its standalone
 * reproduction (a folder with `repro.yaml`, from the repository root `repoRoot`).
 * @returns `undefined` when the driver keeps no baseline.
 * @throws {ToolshiftError} BASELINE_INVALID naming the file, the JSON pointer and the rule.
 */
export async function loadLibraryBaseline(
  driver: Driver,
  repoRoot: string,
): Promise<ExpectedFailures | undefined> {
  if (!driver.manifest.baseline) return undefined;
  const source = join(driver.dir, driver.manifest.baseline);
  const baseline = await loadExpectedFailures(source);
  checkExpectedFailures(baseline, {
    clients: new Map([[driver.manifest.client, { name: driver.manifest.client, kind: 'external' as const }]]),
    scenarios: new Map(SCENARIOS.map((scenario) => [scenario.id, scenario])),
  });
  baseline.entries.forEach((entry, index) => {
    const at = `/expectedFailures/${index}`;
    if (!entry.evidence?.length)
      throw invalid(
        source,
        `${at}/evidence`,
        "is missing: a library's baseline entry names the bug's evidence (an issue, a source line, transcript frames).",
      );
    if (entry.rootCause === undefined)
      throw invalid(
        source,
        `${at}/rootCause`,
        "is missing: a library's baseline entry names the root cause that explains it (one of rootCauses).",
      );
  });
  (baseline.rootCauses ?? []).forEach((cause, index) => {
    if (!baseline.entries.some((entry) => entry.rootCause === cause.id))
      throw invalid(
        source,
        `/rootCauses/${index}/id`,
        `'${cause.id}' explains no entry: remove it or point an entry at it.`,
      );
    if (cause.repro !== undefined && !existsSync(join(resolve(repoRoot, cause.repro), REPRO_FILE)))
      throw invalid(
        source,
        `/rootCauses/${index}/repro`,
        `names ${cause.repro}, which holds no ${REPRO_FILE} (a standalone reproduction folder, from the repository root).`,
      );
  });
  return baseline;
}
