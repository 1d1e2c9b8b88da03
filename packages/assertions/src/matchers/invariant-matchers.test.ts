import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import '../vitest.js';
import { History } from '../../test/support/history.js';

function relisted(): History {
  const h = new History();
  h.listing([{ name: 'a' }]);
  h.expose([{ name: 'a' }]);
  h.change();
  h.listing([{ name: 'a' }, { name: 'b' }], 1);
  h.expose([{ name: 'a' }, { name: 'b' }]);
  return h;
}

describe('vitest matchers', () => {
  test('pass on a run that keeps the invariant and support .not on one that breaks it', () => {
    const good = relisted().record();
    expect(good).toHaveRelistedAfterChange();
    expect(good).toHaveRestartedEnumerationAfterChange();
    expect(good).toHaveSwappedListingsAtomically();
    expect(good).toSatisfyInvariant('registry.no-stale-exposure');

    const bad = new History();
    bad.listing([{ name: 'a' }]);
    bad.change();
    expect(bad.record()).not.toHaveRelistedAfterChange();
  });

  test('a failure message carries the verdict, the near miss and the evidence frames', () => {
    const bad = new History();
    bad.listing([{ name: 'a' }]);
    const signal = bad.change();
    expect(() => expect(bad.record()).toHaveRelistedAfterChange()).toThrowError(
      new RegExp(`change\\.relisted-within-bound: fail[\\s\\S]*near miss:[\\s\\S]*#${signal.seq} `),
    );
  });

  test('an inconclusive run fails the matcher, and an unknown invariant id is named', () => {
    const quiet = new History();
    quiet.listing([{ name: 'a' }]);
    expect(() => expect(quiet.record()).toHaveRelistedAfterChange()).toThrowError(/inconclusive/);
    expect(() => expect(quiet.record()).toSatisfyInvariant('no.such-check')).toThrowError(
      /no invariant "no.such-check"/,
    );
  });
});

test('the core entry never imports vitest (matchers are a subpath export)', () => {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, spec] of text.matchAll(/from '([^']+)'/g)) {
      expect(spec, `${file} imports ${spec}`).not.toMatch(/^vitest/);
      if (spec!.startsWith('.')) visit(resolve(dirname(file), spec!.replace(/\.js$/, '.ts')));
    }
  };
  visit(resolve(dirname(fileURLToPath(import.meta.url)), '../index.ts'));
  expect(seen.size).toBeGreaterThan(10);
});
