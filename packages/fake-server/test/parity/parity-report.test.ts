import { describe, expect, test } from 'vitest';
import type { ParityRow } from './collect-parity.js';
import { cell, type Probe } from './parity-probe.js';
import { PROBES } from './parity-probes.js';
import { renderParity } from './parity-report.js';
import type { ParityServer } from './parity-servers.js';
import { SETTLEMENTS } from './settlements.js';

const server = (id: string, group: ParityServer['group'] = 'dual'): ParityServer => ({
  id,
  label: id,
  group,
  http: async () => ({ url: '', close: async () => {} }),
  stdio: async () => ({ none: 'test' }),
});
const servers = [
  server('fake'),
  server('typescript'),
  server('python'),
  server('go'),
  server('fake-legacy', 'legacy-only'),
];
const probe = (id: string): Probe => PROBES.find((each) => each.id === id)!;

/** Rows where every server answers the same, and every settlement's difference shows (so none is stale). */
function agreeingRows(): ParityRow[] {
  const same = { status: 200, kind: 'result' as const, over: 'http' as const };
  const rows: ParityRow[] = PROBES.map((each) => ({
    probe: each,
    transport: 'http' as const,
    answers: { fake: same, typescript: same, python: same, go: same, 'fake-legacy': same },
  }));
  for (const settlement of SETTLEMENTS) {
    const row = rows.find((each) => each.probe.id === settlement.probes[0])!;
    const who = settlement.servers?.find((id) => id in row.answers) ?? 'python';
    row.answers[who] = { status: 400, kind: 'error', code: -32000, over: 'http' };
  }
  return rows;
}

describe('docs/parity.md rendering', () => {
  test('renders every probe once per transport, each settlement with its quoted clause', () => {
    const text = renderParity(agreeingRows(), servers);
    for (const each of PROBES) expect(text).toContain(`| ${each.title} | HTTP |`);
    for (const settlement of SETTLEMENTS) {
      expect(text).toContain(`### ${settlement.id}`);
      expect(text).toContain(settlement.clauses[0]!.quote);
    }
  });

  test('refuses a difference no settlement explains', () => {
    const rows = agreeingRows();
    const row = rows.find((each) => each.probe.id === 'legacy.tools-call')!;
    row.answers.go = { status: 200, kind: 'result', fact: 'isError true', over: 'http' };
    expect(() => renderParity(rows, servers)).toThrow(
      /legacy\.tools-call over http: fake 200 · result, go 200 · result \(isError true\)/,
    );
  });

  test('refuses a settlement no difference needs any more', () => {
    const rows = agreeingRows();
    const row = rows.find((each) => each.probe.id === 'legacy.batch')!;
    row.answers.typescript = row.answers.fake;
    expect(() => renderParity(rows, servers)).toThrow(
      /Settlements no difference needs any more \(remove them\): batch/,
    );
  });

  test('a cell names the status (or stdio), then the code, the result and its fact, or what else came', () => {
    expect(cell({ status: 404, kind: 'error', code: -32601 })).toBe('404 · -32601');
    expect(cell({ kind: 'result', fact: 'echo' })).toBe('stdio · result (echo)');
    expect(cell({ kind: 'no answer', over: 'http' })).toBe('HTTP · no answer');
    expect(cell(undefined)).toBe('n/a');
    expect(probe('legacy-only.server-discover').group).toBe('legacy-only');
  });
});
