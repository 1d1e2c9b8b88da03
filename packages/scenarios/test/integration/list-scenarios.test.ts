import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, test } from 'vitest';
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
 * A small SDK-based host that discovers tools, resources and prompts and (unless `stale`) lists
 * each family again when its list_changed arrives: it shows the list scenarios judge what a
 * resources/prompts-aware client does, and that one which ignores those notifications fails them.
 * The reference client, with its resources and prompts registries, declares both features.
 */
class ListsHost implements ClientAdapter {
  private readonly clients: Client[] = [];
  constructor(private readonly stale: boolean) {}

  async connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    const client = new Client(
      { name: 'lists-host', version: '1' },
      target.era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
    );
    this.clients.push(client);
    const expose = async () => {
      const { tools } = await client.request({ method: 'tools/list', params: {} });
      observer.exposure(
        tools.map((t) => ({ serverId: target.serverId, name: t.name, inputSchema: t.inputSchema })),
      );
    };
    client.setNotificationHandler('notifications/tools/list_changed', () => void expose());
    if (!this.stale) {
      client.setNotificationHandler('notifications/resources/list_changed', () => {
        void client.request({ method: 'resources/list', params: {} });
      });
      client.setNotificationHandler('notifications/prompts/list_changed', () => {
        void client.request({ method: 'prompts/list', params: {} });
      });
    }
    await client.connect(new StreamableHTTPClientTransport(new URL(target.url)));
    const capabilities = client.getServerCapabilities() ?? {};
    await expose();
    if (capabilities.resources) await client.request({ method: 'resources/list', params: {} });
    if (capabilities.prompts) await client.request({ method: 'prompts/list', params: {} });
    if (
      target.era === 'modern' ||
      (target.era === undefined && client.getNegotiatedProtocolVersion?.() === '2026-07-28')
    )
      await client.listen({ toolsListChanged: true, resourcesListChanged: true, promptsListChanged: true });
  }

  async callTool(): Promise<AdapterCallOutcome> {
    return { ok: false, error: 'not used' };
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((client) => client.close().catch(() => undefined)));
  }
}

const host = (stale: boolean): ClientAdapterFactory => ({
  name: stale ? 'lists-host-stale' : 'lists-host',
  kind: 'external',
  description: 'SDK host that follows resources and prompts changes',
  capabilities: { transports: ['http'], features: ['resources', 'prompts'] },
  create: () => new ListsHost(stale),
});

/** Cells each run takes at once (scheduling never changes a verdict). */
const CELLS_AT_ONCE = 4;

describe('the resources and prompts scenarios', () => {
  const scenarios = SCENARIOS.filter((s) =>
    [
      'resources-added-at-runtime',
      'prompts-added-at-runtime',
      'resources-and-tools-notified-together',
    ].includes(s.id),
  );

  test('a host that re-lists on each list_changed passes them in both eras', async () => {
    expect(scenarios).toHaveLength(3);
    const summary = await runSuite({
      scenarios,
      eras: ['legacy', 'modern'],
      transports: ['http'],
      clients: [host(false)],
      settleTimeoutMs: 2000,
      concurrency: CELLS_AT_ONCE,
    });
    for (const result of summary.results)
      expect({
        id: result.scenarioId,
        era: result.era,
        status: result.status,
        first: result.firstFailure?.message,
      }).toMatchObject({
        status: 'pass',
      });
  }, 120_000);

  test('a host that ignores resources and prompts list_changed fails each, with the signal as evidence', async () => {
    const summary = await runSuite({
      scenarios,
      eras: ['legacy', 'modern'],
      transports: ['http'],
      clients: [host(true)],
      settleTimeoutMs: 2000,
      concurrency: CELLS_AT_ONCE,
    });
    for (const result of summary.results) {
      expect(result.status).toBe('fail');
      expect(result.firstFailure?.evidence.length).toBeGreaterThan(0);
    }
  }, 120_000);

  test('the reference client (resources and prompts registries) passes them; a client without the features is n/a', async () => {
    const { CLIENT_ADAPTERS } = await import('../../src/adapters/index.js');
    const summary = await runSuite({
      scenarios,
      eras: ['legacy', 'modern'],
      transports: ['http'],
      clients: [CLIENT_ADAPTERS.reference!, CLIENT_ADAPTERS.sdk!],
      settleTimeoutMs: 2000,
      concurrency: CELLS_AT_ONCE,
    });
    for (const result of summary.results)
      expect({ client: result.client, status: result.status }).toEqual({
        client: result.client,
        status: result.client === 'reference' ? 'pass' : 'n/a',
      });
  }, 60_000);
});
