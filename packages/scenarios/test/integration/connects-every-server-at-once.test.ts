import { expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import type {
  ClientAdapterFactory,
  ClientObserver,
  ConnectTarget,
} from '../../src/adapters/client-adapter.js';
import { CLIENT_ADAPTERS } from '../../src/adapters/index.js';
import { CORPUS_CAPABILITIES, CorpusHost } from '../../src/adapters/unusual/index.js';
import type { RawCellResult } from '../../src/runner/run-cell.js';
import { runCell } from '../../src/runner/run-cell.js';
import { runSuite } from '../../src/runner/run-suite.js';
import type { Scenario } from '../../src/scenario.js';

// late-server-joins holds the tickets server's first handshake on its logical clock and advances
// that clock only after the client has used docs. A host that connects every configured server at
// once (mcp-use's createAllSessions(), a desktop host reading its config) finishes connecting docs
// only when tickets answers too: correct, but blocked on a hold the scenario releases later. The
// connect action's `releaseIfBlocked` moves tickets' clock when the wire goes quiet with the
// client still connecting; a host that connects docs alone never sets it off.

/** Connects every server of the cell at its first connect and waits for all of them. */
class ConnectsEveryServerAtOnce extends CorpusHost {
  private all: Promise<void> | undefined;
  override async connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    this.all ??= Promise.all(
      (target.cellServers ?? [target]).map((each) =>
        super.connect({ ...each, cellServers: target.cellServers }, observer),
      ),
    ).then(() => undefined);
    await this.all;
  }
}

const connectsEveryServerAtOnce: ClientAdapterFactory = {
  name: 'connects-every-server-at-once',
  kind: 'unusual',
  description: 'Connects every configured server at its first connect and waits for all their handshakes',
  capabilities: CORPUS_CAPABILITIES,
  create: () => new ConnectsEveryServerAtOnce(),
};

const lateServerJoins = SCENARIOS.find((scenario) => scenario.id === 'late-server-joins')!;
const released = (result: RawCellResult) =>
  result.observations.some(
    (observation) => observation.kind === 'note' && observation.text.includes("tickets's clock is advanced"),
  );
const failing = (result: RawCellResult) =>
  result.verdicts.filter((verdict) => verdict.status === 'fail').map((verdict) => verdict.checkId);

test('a host that connects every server at once passes late-server-joins: the held handshake is released when it blocks on it', async () => {
  const summary = await runSuite({
    scenarios: [lateServerJoins],
    eras: ['legacy', 'modern'],
    transports: ['http'],
    clients: [connectsEveryServerAtOnce],
  });
  for (const result of summary.results) {
    expect(failing(result), result.scenarioId).toEqual([]);
    expect(result.verdicts.every((verdict) => verdict.status === 'pass')).toBe(true);
    expect(result.status).toBe('pass');
    expect(released(result)).toBe(true);
  }
}, 60_000);

test('without releaseIfBlocked the same host outwaits the connect bound on the held handshake: the rule is what spares it', async () => {
  const withoutRule: Scenario = {
    ...lateServerJoins,
    clientActions: lateServerJoins.clientActions.map((action) =>
      action.do === 'connect' && action.releaseIfBlocked ? { do: 'connect', server: action.server } : action,
    ),
  };
  // The connect is bounded by the action timeout: keep it short, the handshake never comes.
  const result = await runCell(withoutRule, 'legacy', connectsEveryServerAtOnce, {
    transport: 'http',
    actionTimeoutMs: 3000,
  });
  // The runner's bound on the connect ran out while the client waited (it goes on, inconclusive).
  expect(result.verdicts.find((verdict) => verdict.checkId === 'runner.tool-set-built')).toMatchObject({
    status: 'inconclusive',
    message: expect.stringContaining('connect to docs did not finish within 3000 ms'),
  });
  expect(released(result)).toBe(false);
}, 60_000);

test('a host that connects docs alone never sets the rule off: tickets holds nothing while docs connects', async () => {
  const summary = await runSuite({
    scenarios: [lateServerJoins],
    eras: ['legacy', 'modern'],
    transports: ['http'],
    clients: [CLIENT_ADAPTERS.reference!],
  });
  for (const result of summary.results) {
    expect(result.status).toBe('pass');
    expect(released(result)).toBe(false);
  }
}, 60_000);
