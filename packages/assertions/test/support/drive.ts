import { createFakeServer, type FakeServer, type ScriptDocument } from '@toolshift/fake-server';
import type { ExposedTool, Observation, RunRecord } from '../../src/index.js';

const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** Drives a fake server in-process (no transport) as a scripted modern client, collecting observations. */
export class Drive {
  readonly server: FakeServer;
  readonly observations: Observation[] = [];
  private id = 0;

  constructor(script: ScriptDocument) {
    this.server = createFakeServer(script);
  }

  private async request(method: string, params: Record<string, unknown> = {}) {
    this.id += 1;
    const response = await this.server.handle({
      transport: 'in-memory',
      headers: {},
      body: JSON.stringify({ jsonrpc: '2.0', id: this.id, method, params: { ...params, _meta: meta } }),
    });
    return response.reply.kind === 'message'
      ? (response.reply.message as { result?: any; error?: any })
      : undefined;
  }

  async listen(): Promise<void> {
    await this.request('subscriptions/listen', { notifications: { toolsListChanged: true } });
  }

  /** One page; returns nextCursor. */
  async page(cursor?: string): Promise<{ names: string[]; nextCursor?: string; tools: any[] }> {
    const message = await this.request('tools/list', cursor === undefined ? {} : { cursor });
    const tools = message?.result?.tools ?? [];
    return {
      names: tools.map((t: { name: string }) => t.name),
      nextCursor: message?.result?.nextCursor,
      tools,
    };
  }

  /** Every page from page one; returns all tools. */
  async listAll(): Promise<any[]> {
    const all: any[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.page(cursor);
      all.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return all;
  }

  expose(tools: Array<{ name: string; inputSchema?: unknown }>): void {
    const exposed: ExposedTool[] = tools.map((t) => ({
      serverId: 'primary',
      name: t.name,
      inputSchema: t.inputSchema,
    }));
    this.observations.push({ kind: 'exposure', afterSeq: this.server.transcript.lastSeq, tools: exposed });
  }

  record(): RunRecord {
    return {
      era: 'modern',
      serverId: 'primary',
      transcript: this.server.transcript.frames,
      observations: this.observations,
      finalCatalog: this.server.snapshot(),
    };
  }
}
