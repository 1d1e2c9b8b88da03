import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Authority, authorityFor, describeAuthority, resolveAuthority } from './authority.js';
import { BOTH_ERA_CLAUSES } from './clauses-both-eras.js';
import { LEGACY_CLAUSES } from './clauses-legacy.js';
import { MODERN_CLAUSES } from './clauses-modern.js';
import { SPEC_CLAUSES } from './spec-clauses.js';

const repoRoot = new URL('../../../../', import.meta.url);
const digestPath = fileURLToPath(new URL('docs/spec/mcp-discovery-spec.md', repoRoot));
const sharedDigest = fileURLToPath(new URL('../shared/spec/mcp-discovery-spec.md', repoRoot));

/** The digest's words without markdown emphasis and line breaks: what a quote is compared with. */
const normalize = (text: string) => text.replaceAll('**', '').replace(/\s+/g, ' ').trim();

describe('spec clauses', () => {
  const digest = normalize(readFileSync(digestPath, 'utf8'));
  const all = [...LEGACY_CLAUSES, ...MODERN_CLAUSES, ...BOTH_ERA_CLAUSES];

  it('quote the digest word for word', () => {
    const misquoted = all.filter((clause) => !digest.includes(normalize(clause.quote))).map((c) => c.id);
    expect(misquoted).toEqual([]);
  });

  it('carry the normative word of their level in the quote', () => {
    const wrong = all.filter((clause) =>
      clause.level === 'must'
        ? !/\bMUST\b|\bRequired\b|\bmust\b/.test(clause.quote)
        : !/\bSHOULD\b/.test(clause.quote),
    );
    expect(wrong.map((clause) => clause.id)).toEqual([]);
  });

  it('have unique ids and name a section of the specification and of the digest', () => {
    expect(Object.keys(SPEC_CLAUSES)).toHaveLength(all.length);
    for (const clause of all) {
      expect(clause.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(clause.section).toMatch(/^[a-z/-]+ §.+/);
      expect(clause.digestSection).toMatch(/^§\d+(\.\d+)?$/);
      expect(clause.revisions.length).toBeGreaterThan(0);
    }
  });

  it('keep the digest copy in docs/spec identical to the shared digest, where the shared folder is present', () => {
    // A clone has no ../shared folder; the copy is what the quotes are held to there.
    if (!existsSync(sharedDigest)) return;
    expect(readFileSync(digestPath, 'utf8')).toBe(readFileSync(sharedDigest, 'utf8'));
  });
});

describe('authority', () => {
  it('resolves per era and looks its clauses up', () => {
    const rule = {
      byEra: {
        legacy: { level: 'advice', basis: 'no caching in 2025-11-25' } as Authority,
        modern: { level: 'must', clauses: ['modern-private-cache-not-shared'] } as Authority,
      },
    };
    expect(resolveAuthority(authorityFor(rule, 'legacy'))).toEqual({
      level: 'advice',
      basis: 'no caching in 2025-11-25',
    });
    const modern = resolveAuthority(authorityFor(rule, 'modern'));
    expect(modern.level).toBe('must');
    expect(describeAuthority(modern)).toContain('Caches MUST NOT be shared across contexts');
  });

  it('refuses an unknown clause and a level its clauses do not carry', () => {
    expect(() => resolveAuthority({ level: 'must', clauses: ['no-such-clause'] })).toThrow(
      /Unknown spec clause/,
    );
    expect(() => resolveAuthority({ level: 'must', clauses: ['legacy-session-delete'] })).toThrow(
      /say should/,
    );
    expect(() => resolveAuthority({ level: 'should', clauses: [] })).toThrow(/names no clause/);
  });
});
