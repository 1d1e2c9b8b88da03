import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
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
 * A host that persists its legacy session id and, restarted, resumes with it; when the server
 * answers 404 it drops the id and starts a new session (what session-restored-after-expiry asks
 * for). It shows the scenario passes a correct client written on the SDK alone; the reference
 * client (which persists session ids in its snapshot store) passes it too.
 */
class RestoringHost implements ClientAdapter {
  private client: Client | undefined;
  private transport: StreamableHTTPClientTransport | undefined;
  private target: ConnectTarget | undefined;
  private observer: ClientObserver | undefined;
  private storedSession: string | undefined;

  async connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    this.target = target;
    this.observer = observer;
    await this.open(undefined);
  }

  async restartClient(): Promise<void> {
    this.storedSession = this.transport?.sessionId;
    await this.client?.close().catch(() => undefined);
    // Check the stored session first: a 404 means it is gone, so start a new one.
    const probe = await fetch(this.target!.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': this.storedSession ?? '',
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 'probe', method: 'ping' }),
    });
    await probe.text();
    await this.open(probe.status === 404 ? undefined : this.storedSession);
  }

  async callTool(name: string, args: Record<string, unknown>): Promise<AdapterCallOutcome> {
    try {
      return { ok: true, result: await this.client!.callTool({ name, arguments: args }) };
    } catch (error) {
      return { ok: false, error: (error as Error).message };
    }
  }

  async close(): Promise<void> {
    await this.client?.close().catch(() => undefined);
  }

  private async open(sessionId: string | undefined): Promise<void> {
    const target = this.target!;
    this.transport = new StreamableHTTPClientTransport(new URL(target.url), sessionId ? { sessionId } : {});
    this.client = new Client({ name: 'restoring-host', version: '1' });
    await this.client.connect(this.transport);
    const { tools } = await this.client.listTools();
    this.observer!.exposure(
      tools.map((t) => ({ serverId: target.serverId, name: t.name, inputSchema: t.inputSchema })),
    );
  }
}

const restoringHost: ClientAdapterFactory = {
  name: 'restoring-host',
  kind: 'external',
  description: 'resumes its stored session id after a restart, starting over on 404',
  capabilities: { transports: ['http'], features: ['restart-client'] },
  create: () => new RestoringHost(),
};

test('session-restored-after-expiry passes a host that starts over on 404 and the reference client, and fails the SDK client', async () => {
  const scenario = SCENARIOS.find((s) => s.id === 'session-restored-after-expiry')!;
  const { CLIENT_ADAPTERS } = await import('../../src/adapters/index.js');
  const summary = await runSuite({
    scenarios: [scenario],
    eras: ['legacy'],
    transports: ['http'],
    clients: [restoringHost, CLIENT_ADAPTERS.reference!, CLIENT_ADAPTERS.sdk!],
    settleTimeoutMs: 2000,
  });
  const byClient = Object.fromEntries(summary.results.map((result) => [result.client, result]));
  expect(byClient['restoring-host']?.status).toBe('pass');
  expect(byClient.reference?.status).toBe('pass');
  expect(byClient.sdk?.verdicts.find((v) => v.checkId === 'reconnect.dead-session-dropped')?.status).toBe(
    'fail',
  );
}, 60_000);
