import type { Authority } from '@toolshift/assertions';
import { CONFORMANCE_ALIASES, SCENARIOS } from '../../catalog/index.js';
import { requiredFeatures } from '../runner/applicability.js';
import { authorityRuleOf } from '../runner/check-authority.js';
import { checkId, describeSource, type Scenario } from '../scenario.js';

/** Options of `toolshift list`. */
export interface ListCommandOptions {
  /** Print one JSON document instead of text. */
  json?: boolean;
}

/** One scenario as `toolshift list --json` prints it. */
export function listEntry(scenario: Scenario) {
  return {
    id: scenario.id,
    title: scenario.title,
    source: (scenario.source ?? []).map(describeSource),
    eras: scenario.eras,
    transports: scenario.transports,
    servers: scenario.servers.map((server) => server.id),
    requires: requiredFeatures(scenario).map((need) => need.feature),
    checks: scenario.checks.map((check) => {
      const rule = authorityRuleOf(scenario, { checkId: checkId(check), invariantId: check.invariant });
      return {
        id: checkId(check),
        invariant: check.invariant,
        ...(check.cites ? { cites: describeSource(check.cites) } : {}),
        // One authority in every era, or one per era where a revision adds a clause the other lacks.
        authority: 'byEra' in rule ? { byEra: rule.byEra } : rule,
      };
    }),
  };
}

/** `must`, or `must (2026-07-28) / advice (2025-11-25)` where the level depends on the era. */
function levelText(authority: Authority | { byEra: Readonly<Record<string, Authority>> }): string {
  if (!('byEra' in authority)) return authority.level;
  return Object.entries(authority.byEra)
    .map(([era, each]) => `${each.level} (${era})`)
    .join(' / ');
}

/** `toolshift list`: every scenario with its id, sources, eras, transports, needed features and checks (each with its citation). */
export function listCommand(
  options: ListCommandOptions = {},
  out: NodeJS.WritableStream = process.stdout,
): void {
  const entries = SCENARIOS.map(listEntry);
  if (options.json) {
    out.write(`${JSON.stringify({ scenarios: entries }, null, 2)}\n`);
    return;
  }
  for (const entry of entries) {
    out.write(`${entry.id}  [${entry.eras.join(', ')}; ${entry.transports.join(', ')}]\n  ${entry.title}\n`);
    if (entry.source.length) out.write(`  source: ${entry.source.join('; ')}\n`);
    if (entry.requires.length) out.write(`  needs: ${entry.requires.join(', ')}\n`);
    for (const check of entry.checks)
      out.write(
        `  check ${check.id} [${levelText(check.authority)}]${check.cites ? `  (${check.cites})` : ''}\n`,
      );
    out.write('\n');
  }
  // Outside the catalog: run only when named, by id or by the conformance suite's name.
  const names = Object.entries(CONFORMANCE_ALIASES).map(([name, id]) => `${name} → ${id}`);
  out.write(
    `The official conformance suite's client scenario names --scenario also accepts (each runs the scenario it stands for, outside the catalog): ${names.join(', ')}\n\n`,
  );
  const checks = entries.reduce((sum, entry) => sum + entry.checks.length, 0);
  out.write(`${entries.length} scenarios, ${checks} checks\n`);
}
