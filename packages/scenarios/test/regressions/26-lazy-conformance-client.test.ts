// Issue 26, "Why" bullet 1: a conformance-style (--command) client that lists tools once and exits,
// never opening a change stream, got PASS on tool-added-at-runtime ("judged on the wire: 4 of 7
// checks", like a client that does re-list): its one passing check was an era check, and both change
// checks were inconclusive ("the server sent no change notification" — it never opened the stream).
// Its essential change checks are now the client's doing: the cell fails, never passes.
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { createConformanceClient } from '../../src/adapters/conformance/create-conformance-client.js';
import { runSuite } from '../../src/runner/run-suite.js';

const program = fileURLToPath(
  new URL('../fixtures/conformance-clients/lists-once-and-exits-client.mjs', import.meta.url),
);

test('a --command client that lists once and exits never passes a scenario about change (legacy and modern)', async () => {
  const summary = await runSuite({
    scenarios: SCENARIOS.filter((s) => ['tool-added-at-runtime', 'seed-002-legacy-flow'].includes(s.id)),
    eras: ['legacy', 'modern'],
    transports: ['http'],
    clients: [createConformanceClient(`${process.execPath} ${JSON.stringify(program)}`)],
    concurrency: 2,
    settleTimeoutMs: 1500,
  });
  const cells = summary.results.filter((result) => result.status !== 'n/a');
  expect(cells.length).toBeGreaterThanOrEqual(3);
  for (const cell of cells) {
    expect(cell.rawStatus, `${cell.scenarioId}/${cell.era}`).toBe('fail');
    const relists = cell.verdicts.find((verdict) => verdict.checkId === 'change.relists-after-signal')!;
    if (cell.era === 'legacy') {
      // The client's doing, with the server's own note as evidence: the change went to no GET stream.
      expect(relists).toMatchObject({ status: 'fail', cause: 'client', essential: true });
      expect(relists.message).toMatch(/never opened the GET stream|ended its connection/);
    }
  }
}, 120_000);

// Issue 26 (found again from outside): a --command program that sends nothing at all (`true`), or
// only its handshake, passed pg-05-empty-cursor-loop, fresh-cursor-same-page and empty-list ("1 of 2
// essential ones passed (n/a: registry.final-exposure)"): the essential exposure check was n/a for a
// wire-only client and the other one could not break. An essential check the wire cannot judge now
// fails a program that never listed, and what it holds is judged on its last complete listing.
test('a --command program that never lists fails the scenarios whose titles say it exposes the tools', async () => {
  const summary = await runSuite({
    scenarios: SCENARIOS.filter((s) =>
      ['pg-05-empty-cursor-loop', 'fresh-cursor-same-page', 'empty-list'].includes(s.id),
    ),
    eras: ['legacy', 'modern'],
    transports: ['http'],
    clients: [createConformanceClient('true')],
    concurrency: 2,
    settleTimeoutMs: 1500,
  });
  const cells = summary.results.filter((result) => result.status !== 'n/a');
  expect(cells.length).toBeGreaterThanOrEqual(4);
  for (const cell of cells) {
    expect(cell.rawStatus, `${cell.scenarioId}/${cell.era}`).toBe('fail');
    const unlisted = cell.verdicts.filter((verdict) =>
      /^The client never listed tools/.test(verdict.message),
    );
    expect(unlisted.length, `${cell.scenarioId}/${cell.era}`).toBeGreaterThan(0);
    for (const verdict of unlisted)
      expect(verdict).toMatchObject({ status: 'fail', cause: 'client', essential: true });
  }
}, 120_000);
