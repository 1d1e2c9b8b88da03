import { Client, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import { addTool, scriptBuilder } from '@toolshift/fake-server';
import { describe, expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { tool } from '../../catalog/tools.js';
import type {
  AdapterCallOutcome,
  ClientAdapter,
  ClientAdapterFactory,
  ClientObserver,
  ConnectTarget,
} from '../../src/adapters/client-adapter.js';
import { toExposed } from '../../src/adapters/sdk-adapter.js';
import { LegacyOnlyReferenceAdapter } from '../../src/adapters/unusual/negotiates-legacy-on-dual.js';
import type { CellResult } from '../../src/runner/cell.js';
import { runCell } from '../../src/runner/run-cell.js';
import type { Scenario } from '../../src/scenario.js';
import { parseScenario } from '../../src/scenario-file/parse-scenario.js';

/** A client pinned to one era with the official SDK: `{ pin: '2026-07-28' }` or the plain 2025-11-25 handshake, whatever the cell asks. */
class PinnedSdkAdapter implements ClientAdapter {
  private client: Client | undefined;

  constructor(private readonly era: 'legacy' | 'modern') {}

  async connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    const client = new Client(
      { name: `pinned-${this.era}`, version: '1.0.0' },
      { versionNegotiation: this.era === 'modern' ? { mode: { pin: '2026-07-28' } } : { mode: 'legacy' } },
    );
    this.client = client;
    const transport: Transport =
      'connect' in target.transport
        ? target.transport.connect()
        : new StreamableHTTPClientTransport(new URL(target.transport.url));
    await client.connect(transport);
    observer.exposure(toExposed(target.serverId, (await client.listTools()).tools));
  }

  async callTool(name: string, args: Record<string, unknown>): Promise<AdapterCallOutcome> {
    if (!this.client) return { ok: false, error: 'not connected' };
    const result = await this.client.callTool({ name, arguments: args });
    return result.isError ? { ok: false, error: 'isError' } : { ok: true, result };
  }

  async close(): Promise<void> {
    await this.client?.close().catch(() => undefined);
  }
}

const pinned = (era: 'legacy' | 'modern'): ClientAdapterFactory => ({
  name: `pinned-${era}`,
  kind: 'external',
  description: `the official SDK pinned to ${era}`,
  // Declares no eras: it is run in every cell, and must fail the ones it cannot speak with a verdict.
  capabilities: { transports: ['http', 'msw', 'in-memory', 'stdio'], features: [] },
  create: () => new PinnedSdkAdapter(era),
});

/** The reference client speaking 2025-11-25 only, declaring nothing (so it runs in modern cells too). */
const legacyOnlyUndeclared: ClientAdapterFactory = {
  name: 'legacy-only-reference',
  kind: 'external',
  description: 'the reference client speaking 2025-11-25 only, without saying so',
  capabilities: { transports: ['http', 'msw'], features: [] },
  create: () => new LegacyOnlyReferenceAdapter(),
};

const oneValidTool = SCENARIOS.find((scenario) => scenario.id === 'one-valid-tool')!;
const options = { settleTimeoutMs: 1500, quietMs: 100, actionTimeoutMs: 10_000 };
const fails = (result: Pick<CellResult, 'verdicts'>) =>
  result.verdicts.filter((verdict) => verdict.status === 'fail').map((verdict) => verdict.checkId);

describe('runner.era-negotiated: a client that cannot speak the cell era fails with a verdict saying exactly that', () => {
  test.each(['http', 'stdio'] as const)(
    'a client pinned to 2026-07-28 in a legacy cell (%s): "sent server/discover … and gave up", never a timeout',
    async (transport) => {
      const result = await runCell(oneValidTool, 'legacy', pinned('modern'), { ...options, transport });
      expect(result.rawStatus).toBe('fail');
      expect(result.firstFailure?.checkId).toBe('runner.era-negotiated');
      expect(result.firstFailure?.message).toMatch(
        // Over stdio a 2025-11-25 server answers server/discover before initialize with -32601, as the
        // official TypeScript SDK 1.x does (docs/parity.md); over HTTP with 400 -32600.
        transport === 'stdio'
          ? /^primary: the client never completed a 2025-11-25 handshake on a legacy-only endpoint: it sent server\/discover \(#1, answered 400 -32601 "Method not found: server\/discover"\) and gave up\.$/
          : /^primary: the client never completed a 2025-11-25 handshake on a legacy-only endpoint: it sent server\/discover \(#1, answered 400 -32600 ".+"\) and gave up\.$/,
      );
      expect(result.firstFailure?.nearMiss).toContain('no fallback to initialize');
      expect(result.firstFailure?.evidence.map((ref) => ref.seq)).toEqual([1, 2]);
      expect(result.negotiated).toEqual([
        expect.objectContaining({ serverId: 'primary', endpointEras: ['legacy'], accepted: [] }),
      ]);
      // The era failure is the one failure: the failed connect and the checks that would only repeat it are set aside.
      expect(fails(result)).toEqual(['runner.era-negotiated']);
      expect(result.verdicts.find((verdict) => verdict.checkId === 'runner.client-connected')?.status).toBe(
        'inconclusive',
      );
      const follows = result.verdicts.find((verdict) => verdict.checkId === 'registry.matches-final-catalog');
      expect(follows?.status).toBe('inconclusive');
      // It never listed, and the run (stopped at the connect) used no tool: nothing of its own to judge.
      expect(follows?.message).toContain('the client never sent tools/list');
    },
    60_000,
  );

  test('a 2025-11-25-only client in a modern cell fails runner.era-negotiated: initialize answered -32022', async () => {
    for (const client of [pinned('legacy'), legacyOnlyUndeclared]) {
      const result = await runCell(oneValidTool, 'modern', client, { ...options, transport: 'http' });
      expect(result.firstFailure?.checkId, client.name).toBe('runner.era-negotiated');
      expect(result.firstFailure?.message, client.name).toMatch(
        /^primary: the client never completed a 2026-07-28 handshake on a modern-only endpoint: it sent initialize \(#1, answered 400 -32022 "Unsupported protocol version"\) and gave up\.$/,
      );
      expect(result.firstFailure?.nearMiss, client.name).toContain('it speaks only 2025-11-25');
    }
  }, 60_000);

  test('the same clients pass the cells they can speak: a pinned client in its own era, and on a dual endpoint', async () => {
    for (const [era, client] of [
      ['legacy', pinned('legacy')],
      ['modern', pinned('modern')],
      ['dual', pinned('modern')],
      ['dual', legacyOnlyUndeclared],
    ] as const) {
      const result = await runCell(oneValidTool, era, client, { ...options, transport: 'http' });
      expect(result.rawStatus, `${era} ${client.name}: ${result.firstFailure?.message}`).toBe('pass');
    }
  }, 60_000);

  test('a scenario waiting for a frame of the other era ends with the era verdict, the runner timeout set aside', async () => {
    // The reference client speaking 2025-11-25 only reports its modern-only server as incompatible
    // without throwing, so the run goes on to wait for a subscriptions/listen that never comes.
    const waitsForListen = parseScenario({
      id: 'waits-for-listen',
      title: 'The client subscribes, then the catalog changes.',
      source: [{ spec: '2026-07-28 §4.2' }],
      eras: ['modern'],
      transports: ['http'],
      servers: [{ id: 'primary', script: scriptBuilder('listen').tools(tool('alpha')).build() }],
      clientActions: [
        { do: 'connect' },
        { do: 'wait-for', frame: { method: 'subscriptions/listen' }, timeoutMs: 300 },
      ],
      checks: [{ invariant: 'registry.matches-final-catalog', cites: { spec: '2026-07-28 §4.2' } }],
    });
    const result = await runCell(waitsForListen, 'modern', legacyOnlyUndeclared, options);
    expect(result.rawStatus).toBe('fail');
    expect(fails(result)).toEqual(['runner.era-negotiated']);
    const timeout = result.verdicts.find((verdict) => verdict.checkId === 'runner.awaited-frame');
    expect(timeout).toMatchObject({ status: 'inconclusive', serverId: 'primary' });
    // A staging wait that timed out is inconclusive by itself, never a verdict on the client.
    expect(timeout?.message).toContain('reached primary within 300 ms; the run went on without it');
  }, 60_000);

  test('a client that declares the eras it speaks is n/a where no server of the cell serves one', async () => {
    const declared = {
      ...legacyOnlyUndeclared,
      capabilities: { transports: ['http'] as const, features: [], eras: ['legacy'] as const },
    };
    const result = await runCell(oneValidTool, 'modern', declared, options);
    expect(result).toMatchObject({
      rawStatus: 'n/a',
      notApplicable:
        'the client speaks only 2025-11-25 (legacy), and server primary serves only 2026-07-28 (modern) in this cell',
    });
  });
});

describe('era-specific checks judge by the negotiated era, not the cell label (issue 9, point 3)', () => {
  // The false verdict of the issue: a modern-labelled cell whose endpoint also speaks 2025-11-25.
  const modernLabelledDual: Scenario = parseScenario({
    id: 'modern-labelled-dual-endpoint',
    title: 'A modern cell on an endpoint that also speaks legacy; a tool is added.',
    source: [{ spec: '2026-07-28 §1.4' }],
    eras: ['modern'],
    transports: ['http'],
    servers: [
      {
        id: 'primary',
        script: scriptBuilder('dual-in-modern-cell')
          .eras('legacy', 'modern')
          .tools(tool('alpha'))
          .step('add-beta', addTool(tool('beta')))
          .build(),
      },
    ],
    clientActions: [{ do: 'connect' }, { do: 'settle' }, { do: 'step', step: 'add-beta' }, { do: 'settle' }],
    checks: [
      { invariant: 'modern.subscribes-to-tool-changes', cites: { spec: '2026-07-28 §4.2' } },
      { invariant: 'change.relists-after-signal', cites: { spec: '2025-11-25 §4.1' } },
      { invariant: 'legacy.same-session-relist', cites: { spec: '2025-11-25 §4.1' } },
      { invariant: 'registry.matches-final-catalog', cites: { spec: '2026-07-28 §1.4' } },
    ],
  });

  test('a client that negotiated legacy, got the notification and re-listed is not failed by modern.subscribes-to-tool-changes', async () => {
    const result = await runCell(modernLabelledDual, 'modern', legacyOnlyUndeclared, options);
    expect(result.negotiated?.[0]).toMatchObject({ era: 'legacy', endpointEras: ['legacy', 'modern'] });
    const byId = Object.fromEntries(result.verdicts.map((verdict) => [verdict.checkId, verdict]));
    expect(byId['modern.subscribes-to-tool-changes']).toMatchObject({
      status: 'inconclusive',
      message: expect.stringContaining('the client negotiated 2025-11-25'),
    });
    expect(byId['change.relists-after-signal']?.status).toBe('pass');
    expect(byId['legacy.same-session-relist']?.status).toBe('pass');
    expect(result.rawStatus).toBe('pass');
  }, 60_000);

  test('a client that negotiated modern there is still judged by it (and passes by subscribing)', async () => {
    const reference = (await import('../../src/adapters/reference-adapter.js')).referenceClient;
    const result = await runCell(modernLabelledDual, 'modern', reference, options);
    expect(result.negotiated?.[0]?.era).toBe('modern');
    const subscribes = result.verdicts.find(
      (verdict) => verdict.checkId === 'modern.subscribes-to-tool-changes',
    );
    expect(subscribes?.status).toBe('pass');
    expect(result.rawStatus).toBe('pass');
  }, 60_000);
});
