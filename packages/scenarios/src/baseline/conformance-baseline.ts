import { ToolshiftError } from '@toolshift/fake-server';
import { CONFORMANCE_ALIASES } from '../../catalog/conformance/index.js';
import type { ExpectedFailure, ExpectedFailures } from './expected-failures.js';

/** The client name the official suite's `client:` entries apply to: the `--command` client. */
export const CONFORMANCE_CLIENT_NAME = 'conformance';

/**
 * True when a parsed baseline document is in the official MCP conformance suite's format
 * (`client:` and/or `server:` lists of `<scenario>` or `<scenario>:<check-id>`) rather than
 * toolshift's (`expectedFailures:`).
 */
export function isConformanceBaseline(doc: unknown): boolean {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return false;
  const keys = Object.keys(doc);
  return (
    !keys.includes('expectedFailures') &&
    keys.length > 0 &&
    keys.every((key) => key === 'client' || key === 'server')
  );
}

function invalid(source: string, pointer: string, message: string): ToolshiftError<'BASELINE_INVALID'> {
  return new ToolshiftError('BASELINE_INVALID', `Baseline ${source}: ${pointer} ${message}`, {
    source,
    pointer,
  });
}

/**
 * Reads the official suite's expected-failures format as toolshift baseline entries for the
 * `--command` client: each `client:` item `<scenario>` expects the whole scenario to fail (any
 * check); the items `<scenario>:<check-id>` of one scenario expect exactly those checks may fail,
 * and any other failing check is unexpected (the official rule). `server:` items are about a
 * server under test and are not read. Entries keep their item text (`conformance`) so the ones
 * naming a scenario toolshift does not have can be set aside (see {@link setAsideForeignEntries}).
 * @throws {ToolshiftError} BASELINE_INVALID naming the item: not a string (`- scenario: check` is
 *   YAML for a mapping; write `scenario:check`), empty, or a scenario listed both whole and per check.
 */
export function parseConformanceBaseline(
  doc: { client?: unknown; server?: unknown },
  source: string,
): ExpectedFailures {
  for (const key of ['client', 'server'] as const)
    if (doc[key] !== undefined && doc[key] !== null && !Array.isArray(doc[key]))
      throw invalid(source, `/${key}`, 'must be a list of scenario names.');
  const items = (doc.client ?? []) as unknown[];
  const byScenario = new Map<string, { whole?: number; checks: Array<{ check: string; index: number }> }>();
  items.forEach((item, index) => {
    const at = `/client/${index}`;
    if (typeof item !== 'string')
      throw invalid(
        source,
        at,
        `must be '<scenario>' or '<scenario>:<check-id>' (got ${JSON.stringify(item)}; '- scenario: check' is a mapping in YAML, write '- scenario:check').`,
      );
    const text = item.trim();
    const colon = text.indexOf(':');
    const scenario = colon < 0 ? text : text.slice(0, colon);
    const check = colon < 0 ? undefined : text.slice(colon + 1);
    if (!scenario || check === '')
      throw invalid(source, at, `must be '<scenario>' or '<scenario>:<check-id>' (got '${item}').`);
    const entry = byScenario.get(scenario) ?? { checks: [] };
    if (check === undefined) entry.whole = index;
    else entry.checks.push({ check, index });
    if (entry.whole !== undefined && entry.checks.length > 0)
      throw invalid(
        source,
        `/client/${Math.max(entry.whole, entry.checks[0]!.index)}`,
        `lists '${scenario}' as a whole and '${scenario}:${entry.checks[0]!.check}': the whole scenario already excuses every check. Remove one.`,
      );
    byScenario.set(scenario, entry);
  });
  const reason = `listed in ${source} (MCP conformance expected-failures format)`;
  const entries: ExpectedFailure[] = [...byScenario].map(([scenario, entry]) => ({
    client: CONFORMANCE_CLIENT_NAME,
    // The suite's own name of a scenario toolshift stands in for (`initialize`) excuses that scenario.
    scenario: CONFORMANCE_ALIASES[scenario] ?? scenario,
    reason,
    ...(entry.checks.length > 0 ? { checks: entry.checks.map((c) => c.check) } : {}),
    conformance: entry.checks.length > 0 ? entry.checks.map((c) => `${scenario}:${c.check}`) : [scenario],
  }));
  return { entries, source };
}

/**
 * Sets aside the entries of an official-format baseline that name scenarios toolshift does not have
 * (the same file usually lists the official suite's own scenarios too); toolshift's own entries
 * are left to `checkExpectedFailures`, which rejects unknown scenarios.
 * @returns the baseline without them, and their item texts (for a note).
 */
export function setAsideForeignEntries(
  baseline: ExpectedFailures,
  scenarios: ReadonlySet<string>,
): { baseline: ExpectedFailures; setAside: string[] } {
  const setAside = baseline.entries.filter((entry) => entry.conformance && !scenarios.has(entry.scenario));
  return {
    baseline: { ...baseline, entries: baseline.entries.filter((entry) => !setAside.includes(entry)) },
    setAside: setAside.flatMap((entry) => entry.conformance ?? []),
  };
}
