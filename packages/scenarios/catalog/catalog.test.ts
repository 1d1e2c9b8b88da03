import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  assertTransportSupports,
  scriptUnreachable,
  TRANSPORTS,
  transportUnreachable,
} from '@toolshift/fake-server';
import { describe, expect, test } from 'vitest';
import { scriptForCell } from '../src/runner/cell-eras.js';
import { checkId, describeSource, essentialCheckIds, type ScenarioSource } from '../src/scenario.js';
import { parseScenario } from '../src/scenario-file/parse-scenario.js';
import { DISCOVERY_CASES, SEED_000_FIXTURES } from './cases.js';
import { SCENARIOS } from './index.js';

const casesFile =
  process.env.TOOLSHIFT_CASES_FILE ??
  join(dirname(fileURLToPath(import.meta.url)), '../../../../shared/cases/discovery-cases.md');

function caseIdOf(source: ScenarioSource): string | undefined {
  return 'case' in source ? source.case.slice(0, 5) : undefined;
}

describe('the scenario catalog', () => {
  test('scenario ids are unique', () => {
    const ids = SCENARIOS.map((s) => s.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  test('every scenario is valid: schema, scripts, steps, servers, known invariants with usable params, unique check ids', () => {
    for (const scenario of SCENARIOS)
      expect(() =>
        parseScenario(scenario, `catalog:${scenario.id}`, { requireCitations: true }),
      ).not.toThrow();
  });

  test('every transport a scenario lists can produce every fault its scripts inject', () => {
    for (const scenario of SCENARIOS) {
      const faults = scenario.servers.flatMap((server) =>
        (server.script?.steps ?? []).flatMap((step) =>
          step.action.action === 'injectFault' ? [step.action.fault.kind] : [],
        ),
      );
      for (const transport of scenario.transports)
        expect(
          () => assertTransportSupports(TRANSPORTS[transport], faults),
          `${scenario.id} over ${transport}`,
        ).not.toThrow();
    }
  });

  test('no script field can never fire in a cell the scenario runs in (era, transport, capability)', () => {
    const problems: string[] = [];
    for (const scenario of SCENARIOS)
      for (const era of scenario.eras)
        for (const server of scenario.servers) {
          if (!server.script) continue;
          const script = scriptForCell(server.script, era);
          const found = [
            ...scriptUnreachable(script),
            ...scenario.transports.flatMap((transport) =>
              transportUnreachable(script, transport).map((f) => ({ ...f, why: `${transport}: ${f.why}` })),
            ),
          ];
          for (const f of found) problems.push(`${scenario.id} (${era}) ${server.id}${f.pointer}: ${f.why}`);
        }
    expect(problems).toEqual([]);
  });

  test('every scenario’s essential checks are checks of it, and it has at least one', () => {
    for (const scenario of SCENARIOS) {
      const ids = new Set(scenario.checks.map(checkId));
      const essential = essentialCheckIds(scenario);
      expect(essential.size, scenario.id).toBeGreaterThan(0);
      for (const id of essential) expect(ids.has(id), `${scenario.id}: essential '${id}'`).toBe(true);
    }
  });

  test('a scenario whose title is about a change has its change checks essential (issue 26)', () => {
    const aboutChange =
      /\b(add(s|ed)?|remov(e|es|ed)|renam(e|es|ed)|chang(e|es|ed)|announc(e|es|ed)|notif(y|ies|ication)|list_changed|restart(s|ed)?|re-?list(s|ed)?)\b/i;
    const judged = SCENARIOS.filter(
      (scenario) =>
        aboutChange.test(scenario.title) &&
        scenario.checks.some((check) => check.invariant.startsWith('change.')),
    );
    expect(judged.length).toBeGreaterThan(10);
    for (const scenario of judged) {
      const essential = essentialCheckIds(scenario);
      for (const check of scenario.checks.filter((each) => each.invariant.startsWith('change.')))
        expect(essential.has(checkId(check)), `${scenario.id}: ${checkId(check)} is not essential`).toBe(
          true,
        );
    }
  });

  test('every check cites a known case, a seed document or a spec revision', () => {
    for (const scenario of SCENARIOS) {
      for (const check of [...scenario.checks.map((c) => c.cites!), ...scenario.source!]) {
        const where = `${scenario.id}: ${describeSource(check)}`;
        if ('case' in check) expect(DISCOVERY_CASES[caseIdOf(check)!], where).toBeDefined();
        else if ('seed' in check) expect(check.seed, where).toMatch(/^00[02]\b/);
        else expect(check.spec, where).toMatch(/^(2026-07-28|2025-11-25)\b/);
      }
    }
  });

  test('every case of discovery-cases.md is covered by a scenario whose id carries the case id and cites it', () => {
    for (const caseId of Object.keys(DISCOVERY_CASES)) {
      const covering = SCENARIOS.filter(
        (s) =>
          s.id.startsWith(`${caseId.toLowerCase()}-`) &&
          s.source!.some((source) => caseIdOf(source) === caseId),
      );
      expect(covering.length, `case ${caseId}`).toBeGreaterThan(0);
    }
  });

  test.skipIf(!existsSync(casesFile))('the case index matches shared/cases/discovery-cases.md', () => {
    const ids = [...readFileSync(casesFile, 'utf8').matchAll(/^#### ([A-Z]{2}-\d{2}) /gm)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(0);
    expect(Object.keys(DISCOVERY_CASES).sort()).toEqual([...ids].sort());
  });

  test('all twelve fixtures of seed 000 have a scenario', () => {
    for (const fixture of SEED_000_FIXTURES) {
      const covering = SCENARIOS.filter((s) =>
        s.source!.some((source) => 'seed' in source && source.seed === `000 fixture "${fixture}"`),
      );
      expect(covering.length, fixture).toBeGreaterThan(0);
    }
  });
});
