import { readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import type { Cell } from '../runner/cell.js';

/** One known failure of a client toolshift does not own. `era` omitted = both eras. */
export interface ExpectedFailure {
  client: string;
  scenario: string;
  era?: 'legacy' | 'modern';
  /** Why it fails, in one or two sentences (shown in reports). */
  reason: string;
}

/** A baseline file: `expectedFailures: [...]`, in spirit like the official conformance suite's baseline. */
export interface ExpectedFailures {
  entries: ExpectedFailure[];
  source: string;
}

/**
 * Loads an expected-failures baseline (YAML or JSON).
 * @throws {Error} naming the file and the entry index when the file is unreadable or an entry lacks `client`, `scenario` or `reason`.
 */
export async function loadExpectedFailures(path: string): Promise<ExpectedFailures> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new Error(
      `Cannot read baseline ${path}: ${error.code ?? error.message}. Pass --baseline FILE or --no-baseline.`,
    );
  });
  const doc = parseYaml(text) as { expectedFailures?: unknown } | null;
  const list = doc?.expectedFailures ?? [];
  if (!Array.isArray(list)) throw new Error(`Baseline ${path}: /expectedFailures must be a list.`);
  const entries = list.map((entry, index): ExpectedFailure => {
    const e = entry as Record<string, unknown>;
    for (const key of ['client', 'scenario', 'reason'] as const) {
      if (typeof e[key] !== 'string' || (e[key] as string).length === 0) {
        throw new Error(`Baseline ${path}: /expectedFailures/${index}/${key} must be a non-empty string.`);
      }
    }
    if (e.era !== undefined && e.era !== 'legacy' && e.era !== 'modern') {
      throw new Error(`Baseline ${path}: /expectedFailures/${index}/era must be legacy or modern.`);
    }
    return {
      client: e.client as string,
      scenario: e.scenario as string,
      reason: e.reason as string,
      ...(e.era ? { era: e.era as 'legacy' | 'modern' } : {}),
    };
  });
  return { entries, source: path };
}

/** The baseline entry covering `cell`, if any. */
export function findExpectedFailure(
  baseline: ExpectedFailures | undefined,
  cell: Cell,
): ExpectedFailure | undefined {
  return baseline?.entries.find(
    (entry) =>
      entry.client === cell.client &&
      entry.scenario === cell.scenarioId &&
      (entry.era === undefined || entry.era === cell.era),
  );
}
