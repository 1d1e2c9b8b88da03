import { Client } from '@modelcontextprotocol/client';
import { expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import type {
  AdapterCallOutcome,
  ClientAdapter,
  ClientAdapterFactory,
  ClientObserver,
  ConnectTarget,
} from '../../src/adapters/client-adapter.js';
import { runSuite } from '../../src/runner/run-suite.js';

/**
 * An SDK-based host that respawns its stdio server when the channel closes (a new channel from
 * the target, a new session) and lists again: it shows stdio-server-respawned passes a host that
 * respawns; the reference adapter runs it once its stdio transport (with respawn) lands (issue 11).
 */
class RespawningHost implements ClientAdapter {
  private client: Client | undefined;
  private closing = false;

  async connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    const transportTarget = target.transport;
    if (!('connect' in transportTarget)) throw new Error('stdio only');
    const open = async () => {
      const client = new Client(
        { name: 'respawning-host', version: '1' },
        target.era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
      );
      client.onclose = () => {
        if (!this.closing) void open();
      };
      this.client = client;
      await client.connect(transportTarget.connect());
      const { tools } = await client.request({ method: 'tools/list', params: {} });
      observer.exposure(
        tools.map((t) => ({ serverId: target.serverId, name: t.name, inputSchema: t.inputSchema })),
      );
    };
    await open();
  }

  async callTool(name: string, args: Record<string, unknown>): Promise<AdapterCallOutcome> {
    try {
      const result = await this.client!.callTool({ name, arguments: args });
      return result.isError ? { ok: false, error: JSON.stringify(result.content) } : { ok: true, result };
    } catch (error) {
      return { ok: false, error: (error as Error).message };
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.client?.close().catch(() => undefined);
  }
}

const respawningHost: ClientAdapterFactory = {
  name: 'respawning-host',
  kind: 'external',
  description: 'respawns its stdio server when the channel closes',
  capabilities: { transports: ['stdio'], features: [] },
  create: () => new RespawningHost(),
};

test('stdio-server-respawned passes a host that respawns its server, and fails one that does not (the SDK client)', async () => {
  const scenario = SCENARIOS.find((s) => s.id === 'stdio-server-respawned')!;
  const { CLIENT_ADAPTERS } = await import('../../src/adapters/index.js');
  const summary = await runSuite({
    scenarios: [scenario],
    eras: ['legacy', 'modern'],
    transports: ['stdio'],
    clients: [respawningHost, CLIENT_ADAPTERS.sdk!],
    settleTimeoutMs: 2000,
    // The four cells at once: the SDK's cells wait out their settle bounds, and scheduling never
    // changes a verdict.
    concurrency: 4,
  });
  for (const result of summary.results) {
    if (result.client === 'respawning-host')
      expect({ era: result.era, status: result.status, why: result.firstFailure?.message }).toMatchObject({
        status: 'pass',
      });
    else expect(result.status).toBe('fail');
  }
}, 90_000);
