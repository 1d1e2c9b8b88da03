import { describe, expect, it } from 'vitest';
import { INVARIANTS } from '../invariants/index.js';
import { authorityFor, resolveAuthority } from './authority.js';

describe('every invariant', () => {
  const eras = ['legacy', 'modern'] as const;

  it('names its authority in each era: clauses that bind the client, or advice with its basis', () => {
    for (const invariant of Object.values(INVARIANTS))
      for (const era of eras) {
        const resolved = resolveAuthority(authorityFor(invariant.authority, era));
        if (resolved.level === 'advice') expect(resolved.basis, invariant.id).toMatch(/\S{3,}/);
        for (const clause of resolved.clauses ?? []) {
          expect(clause.binds, `${invariant.id} cites ${clause.id}`).toBe('client');
          expect(clause.revisions, `${invariant.id} cites ${clause.id} in ${era}`).toContain(
            era === 'legacy' ? '2025-11-25' : '2026-07-28',
          );
        }
      }
  });
});
