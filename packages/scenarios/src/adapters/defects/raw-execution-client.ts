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
  private readonly raw = new Map<string, Promise<Client>>();
  private readonly targets = new Map<string, ConnectTarget>();
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
    this.targets.set(target.serverId, target);
    this.tokens.set(target.serverId, target.bearerToken);
  }

  /** The raw client of a server, connected on its first call (so a host that never uses it shows no second session). */
  protected rawClient(serverId: string): Promise<Client> | undefined {
    const target = this.targets.get(serverId);
    if (!target) return undefined;
    let client = this.raw.get(serverId);
    if (!client) {
      client = (async () => {
        const raw = new Client(
          { name: 'toolshift-raw-executor', version: '1.0.0' },
          {
            versionNegotiation:
              target.era === 'modern' ? { mode: { pin: '2026-07-28' } } : { mode: 'legacy' },
          },
        );
        raw.onerror = () => {};
        await raw.connect(
          new StreamableHTTPClientTransport(new URL(target.url), {
            authProvider: { token: async () => this.tokens.get(serverId) },
          }),
        );
        return raw;
      })();
      this.raw.set(serverId, client);
    }
    return client;
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
    const connecting = this.rawClient(serverId);
    if (!connecting) return { ok: false, error: 'not connected' };
    try {
      const client = await connecting;
      const result = await client.callTool({ name: toolName, arguments: args });
      return result.isError ? { ok: false, error: JSON.stringify(result.content) } : { ok: true, result };
    } catch (error) {
      return { ok: false, error: (error as Error).message };
    }
  }

  override async close(): Promise<void> {
    await Promise.all(
      [...this.raw.values()].map((client) => client.then((raw) => raw.close()).catch(() => {})),
    );
    await super.close();
  }
}
