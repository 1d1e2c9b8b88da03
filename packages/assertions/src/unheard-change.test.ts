import { addTool, createFakeServer, type FakeServer, scriptBuilder } from '@toolshift/fake-server';
import { describe, expect, test } from 'vitest';
import { INVARIANTS } from './invariants/index.js';
import type { Observation, RunRecord } from './run-record.js';
import { unheardChange } from './unheard-change.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const INIT = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } };
const tool = (name: string) => ({ name, inputSchema: { type: 'object' as const } });

/** A client driven in-process over HTTP against one fake server serving `era`, its channel under the test's control. */
class Client {
  readonly server: FakeServer;
  readonly observations: Observation[] = [];
  private id = 0;
  private session: string | undefined;

  constructor(
    readonly era: 'legacy' | 'modern',
    configure: (builder: ReturnType<typeof scriptBuilder>) => unknown = () => {},
  ) {
    const builder = scriptBuilder('unheard')
      .eras(era)
      .tools(tool('alpha'))
      .step('add-beta', addTool(tool('beta')));
    configure(builder);
    this.server = createFakeServer(builder.build());
  }

  private headers(method: string): Record<string, string> {
    if (this.era === 'modern')
      return { ...JSON_HEADERS, 'mcp-protocol-version': '2026-07-28', 'mcp-method': method };
    return this.session
      ? { ...JSON_HEADERS, 'mcp-session-id': this.session, 'mcp-protocol-version': '2025-11-25' }
      : JSON_HEADERS;
  }

  async post(method: string, params: Record<string, unknown> = {}, notification = false) {
    const body = notification
      ? { jsonrpc: '2.0', method, params }
      : {
          jsonrpc: '2.0',
          id: ++this.id,
          method,
          params: this.era === 'modern' ? { ...params, _meta: META } : params,
        };
    const response = await this.server.handle({
      transport: 'http',
      httpMethod: 'POST',
      headers: this.headers(method),
      body: JSON.stringify(body),
    });
    if (method === 'initialize') this.session = response.headers['Mcp-Session-Id'];
    return response;
  }

  async connect() {
    if (this.era === 'modern') await this.post('server/discover');
    else {
      await this.post('initialize', INIT);
      await this.post('notifications/initialized', {}, true);
    }
  }

  /** Opens the era's change channel: the legacy GET stream, or a listen stream. */
  async openChannel() {
    if (this.era === 'modern')
      await this.post('subscriptions/listen', { notifications: { toolsListChanged: true } });
    else
      await this.server.handle({
        transport: 'http',
        httpMethod: 'GET',
        headers: {
          accept: 'text/event-stream',
          'mcp-session-id': this.session!,
          'mcp-protocol-version': '2025-11-25',
        },
      });
  }

  async list() {
    await this.post('tools/list');
    this.observations.push({
      kind: 'exposure',
      afterSeq: this.server.transcript.lastSeq,
      tools: [{ serverId: 'primary', name: 'alpha' }],
    });
  }

  record(): RunRecord {
    return {
      era: this.era,
      endpointEras: [this.era],
      serverId: 'primary',
      transcript: this.server.transcript.frames,
      observations: this.observations,
      finalCatalog: this.server.snapshot(),
    };
  }
}

const relists = (record: RunRecord) => INVARIANTS['change.relists-after-signal']!.check(record);

describe('a change the client never heard of (issue 26: "the server sent no change notification")', () => {
  for (const era of ['legacy', 'modern'] as const) {
    test(`${era}: a client that listed and never opened its change channel left the change checks unjudged by its own doing`, async () => {
      const client = new Client(era);
      await client.connect();
      await client.list();
      client.server.apply('add-beta');
      const unheard = unheardChange(client.record());
      expect(unheard?.why).toMatch(
        era === 'legacy' ? /never opened the GET stream/ : /never sent subscriptions\/listen/,
      );
      for (const id of [
        'change.relists-after-signal',
        'change.relist-completes-after-signal',
        'change.enumeration-restarted',
        'change.relisted-within-bound',
      ]) {
        const verdict = INVARIANTS[id]!.check(client.record());
        expect(verdict, id).toMatchObject({ status: 'inconclusive', cause: 'client' });
        expect(verdict.evidence.map((ref) => ref.seq)).toContain(unheard!.changeSeq);
      }
    });

    test(`${era}: with the channel open the notification is sent, and a client that re-lists passes`, async () => {
      const client = new Client(era);
      await client.connect();
      await client.openChannel();
      await client.list();
      client.server.apply('add-beta');
      await client.list();
      expect(relists(client.record()).status).toBe('pass');
    });

    test(`${era}: no change at all is staging, not the client's doing`, async () => {
      const client = new Client(era);
      await client.connect();
      await client.list();
      const verdict = relists(client.record());
      expect(verdict.status).toBe('inconclusive');
      expect(verdict.cause).toBeUndefined();
    });

    test(`${era}: a client that lists afresh after the change without a channel is not blamed (staging)`, async () => {
      const client = new Client(era);
      await client.connect();
      await client.list();
      client.server.apply('add-beta');
      await client.list();
      expect(unheardChange(client.record())).toBeUndefined();
      expect(relists(client.record()).cause).toBeUndefined();
    });
  }

  test('legacy: a GET the server refused is staging (the client tried), not the client’s doing', async () => {
    const client = new Client('legacy', (builder) => builder.streams({ getStream: 'refuse' }));
    const server = client.server;
    await client.connect();
    await client.openChannel();
    await client.list();
    server.apply('add-beta');
    expect(server.transcript.frames.some((frame) => frame.httpMethod === 'GET')).toBe(true);
    expect(unheardChange(client.record())).toBeUndefined();
  });

  test('a change the script announces to no one (notifications suppressed) is staging', async () => {
    const client = new Client('modern', (builder) => builder.notifications({ mode: 'suppress' }));
    const server = client.server;
    await client.connect();
    await client.list();
    server.apply('add-beta');
    expect(unheardChange(client.record())).toBeUndefined();
  });
});
