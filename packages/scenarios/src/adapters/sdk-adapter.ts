import { Client, StreamableHTTPClientTransport, type Tool } from '@modelcontextprotocol/client';
import type { ExposedTool } from '@toolshift/assertions';
import type {
  AdapterCallOutcome,
  ClientAdapter,
  ClientAdapterFactory,
  ClientObserver,
  ConnectTarget,
} from './client-adapter.js';

/** Maps SDK tools to exposures attributed to `serverId`. */
export function toExposed(serverId: string, tools: readonly Tool[]): ExposedTool[] {
  return tools.map((tool) => ({
    serverId,
    name: tool.name,
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema !== undefined ? { outputSchema: tool.outputSchema } : {}),
  }));
}

/** Options for {@link SdkClientAdapter}; the defaults are the SDK's documented usage. */
export interface SdkClientAdapterOptions {
  /** Register the SDK's `listChanged.tools` handler (default true, as its docs show). */
  listChanged?: boolean;
}

/**
 * The official `@modelcontextprotocol/client` 2.4.0 `Client`, used the way its documentation shows:
 * `versionNegotiation: { mode: 'auto' }` for the modern era (the SDK default, legacy, otherwise),
 * `listChanged.tools.onChanged` for change handling, `listTools()` for the initial list (it walks
 * every page itself). What the client exposes is what `listTools()` and `onChanged` hand the host.
 */
export class SdkClientAdapter implements ClientAdapter {
  private client: Client | undefined;
  private serverId = 'primary';

  constructor(private readonly options: SdkClientAdapterOptions = {}) {}

  async connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    this.serverId = target.serverId;
    const listChanged =
      this.options.listChanged === false
        ? undefined
        : {
            tools: {
              onChanged: (error: Error | null, tools: Tool[] | null) => {
                if (error) observer.note(`SDK listChanged refresh failed: ${error.message}`);
                else if (tools) observer.exposure(toExposed(this.serverId, tools));
              },
            },
          };
    this.client = new Client(
      { name: 'toolshift-sdk-adapter', version: '1.0.0' },
      {
        ...(target.era === 'modern' ? { versionNegotiation: { mode: 'auto' as const } } : {}),
        ...(listChanged ? { listChanged } : {}),
      },
    );
    await this.client.connect(new StreamableHTTPClientTransport(new URL(target.url)));
    const { tools } = await this.client.listTools();
    observer.exposure(toExposed(this.serverId, tools));
  }

  async callTool(toolName: string, args: Record<string, unknown>): Promise<AdapterCallOutcome> {
    if (!this.client) return { ok: false, error: 'not connected' };
    try {
      const result = await this.client.callTool({ name: toolName, arguments: args });
      if (result.isError)
        return { ok: false, error: `tool returned isError: ${JSON.stringify(result.content)}` };
      return { ok: true, result };
    } catch (error) {
      return { ok: false, error: (error as Error).message };
    }
  }

  async close(): Promise<void> {
    await this.client?.close().catch(() => undefined);
  }
}

/** The official SDK client as the CLI's `sdk` client. */
export const sdkClient: ClientAdapterFactory = {
  name: 'sdk',
  kind: 'sdk',
  description:
    'The official @modelcontextprotocol/client 2.4.0 Client, used as its docs show (listChanged option, listTools()).',
  create: () => new SdkClientAdapter(),
};
