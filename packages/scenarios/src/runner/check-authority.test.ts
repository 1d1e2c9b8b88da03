import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { authorityFor, resolveAuthority } from '@toolshift/assertions';
import { describe, expect, it } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { checkId } from '../scenario.js';
import { authorityRuleOf, RUNNER_CHECK_AUTHORITY, stampAuthority } from './check-authority.js';

const srcDir = fileURLToPath(new URL('..', import.meta.url));
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
        ? [join(dir, entry.name)]
        : [],
  );

describe('check authority', () => {
  it('resolves for every check of the catalog in every era it runs in, citing clauses of that revision that bind the client', () => {
    for (const scenario of SCENARIOS)
      for (const check of scenario.checks)
        for (const era of ['legacy', 'modern'] as const) {
          if (!scenario.eras.includes(era) && !scenario.eras.includes('dual')) continue;
          const where = `${scenario.id} ${checkId(check)} (${era})`;
          const resolved = resolveAuthority(
            authorityFor(
              authorityRuleOf(scenario, { checkId: checkId(check), invariantId: check.invariant }),
              era,
            ),
          );
          for (const clause of resolved.clauses ?? []) {
            expect(clause.binds, where).toBe('client');
            expect(clause.revisions, where).toContain(era === 'legacy' ? '2025-11-25' : '2026-07-28');
          }
        }
  });

  it('knows every runner check the runner can report', () => {
    const used = new Set(
      sources(srcDir).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/'(runner\.[a-z-]+)'/g)].map((m) => m[1]!),
      ),
    );
    expect([...used].filter((id) => !(id in RUNNER_CHECK_AUTHORITY))).toEqual([]);
  });

  it('stamps a scenario override over the invariant, per era', () => {
    const scenario = SCENARIOS.find((each) => each.id === 'pg-05-empty-string-cursor-is-a-cursor')!;
    const verdict = {
      invariantId: 'discovery.follows-every-cursor',
      checkId: 'discovery.follows-every-cursor',
      status: 'fail' as const,
      message: 'stopped at the empty cursor',
      evidence: [],
    };
    const [stamped] = stampAuthority([verdict], scenario, () => 'modern');
    expect(stamped).toMatchObject({ level: 'must', clauses: ['modern-empty-cursor-not-end'] });
    const elsewhere = SCENARIOS.find((each) => each.id === 'pg-01-ignores-next-cursor')!;
    const [advice] = stampAuthority([verdict], elsewhere, () => 'modern');
    expect(advice?.level).toBe('advice');
    expect(advice?.basis).toMatch(/seed 002/);
    const dead = {
      ...verdict,
      invariantId: 'reconnect.dead-session-dropped',
      checkId: 'reconnect.dead-session-dropped',
    };
    const rc = SCENARIOS.find((each) => each.id === 'rc-01-session-404-reinitialize')!;
    expect(stampAuthority([dead], rc, () => 'legacy')[0]).toMatchObject({
      level: 'must',
      clauses: ['legacy-session-404-new-session'],
    });
    // A failure the invariant itself marks advisory (one branch resting on no clause) is advice.
    const [hammering] = stampAuthority(
      [{ ...dead, advisory: 'no clause limits retries' }],
      rc,
      () => 'legacy',
    );
    expect(hammering).toMatchObject({ level: 'advice', basis: 'no clause limits retries' });
    expect(hammering?.clauses).toBeUndefined();
  });
});
