import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { ExposedTool } from '@toolshift/assertions';
import type { AdapterCallOutcome, ClientObserver, ConnectTarget } from '../client-adapter.js';
import { ReferenceClientAdapter } from '../reference-adapter.js';

/**
 * A host whose discovery is the reference client but whose execution path is a second, raw SDK
 * client that sends calls straight to the server (a common split: one component lists tools,
 * another runs them). Subclasses decide which checks that raw path skips.
 */
export abstract class RawExecutionHost extends ReferenceClientAdapter {
  protected exposed: ExposedTool[] = [];
  private readonly raw = new Map<string, Client>();
  /** The bearer token the raw path sends per server (the host's current credentials). */
  private readonly tokens = new Map<string, string | undefined>();
  private defaultServer: string | undefined;

  override async connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    this.defaultServer ??= target.serverId;
    await super.connect(target, {
      ...observer,
      exposure: (tools) => {
        this.exposed = tools;
        observer.exposure(tools);
      },
    });
    const client = new Client(
      { name: 'toolshift-raw-executor', version: '1.0.0' },
      { versionNegotiation: target.era === 'modern' ? { mode: { pin: '2026-07-28' } } : { mode: 'legacy' } },
    );
    client.onerror = () => {};
    this.tokens.set(target.serverId, target.bearerToken);
    await client.connect(
      new StreamableHTTPClientTransport(new URL(target.url), {
        authProvider: { token: async () => this.tokens.get(target.serverId) },
      }),
    );
    this.raw.set(target.serverId, client);
  }

  /** The raw path sends the new credentials too. */
  override async reauthorize(serverId: string, bearerToken: string): Promise<void> {
    this.tokens.set(serverId, bearerToken);
    await super.reauthorize(serverId, bearerToken);
  }

  /** Whether `toolName` is in the latest exposure for `serverId`. */
  protected isExposed(toolName: string, serverId: string): boolean {
    return this.exposed.some((tool) => tool.serverId === serverId && tool.name === toolName);
  }

  protected serverOf(serverId?: string): string {
    return serverId ?? this.defaultServer ?? 'primary';
  }

  /** Sends the call straight to the server, unchecked. */
  protected async rawCall(
    toolName: string,
    args: Record<string, unknown>,
    serverId: string,
  ): Promise<AdapterCallOutcome> {
    const client = this.raw.get(serverId);
    if (!client) return { ok: false, error: 'not connected' };
    try {
      const result = await client.callTool({ name: toolName, arguments: args });
      return result.isError ? { ok: false, error: JSON.stringify(result.content) } : { ok: true, result };
    } catch (error) {
      return { ok: false, error: (error as Error).message };
    }
  }

  override async close(): Promise<void> {
    await Promise.all([...this.raw.values()].map((client) => client.close().catch(() => {})));
    await super.close();
  }
}
