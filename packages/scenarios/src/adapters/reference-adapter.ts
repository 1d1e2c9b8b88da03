import type { ExposedTool } from '@toolshift/assertions';
import { DiscoveryHost } from '@toolshift/reference-client';
import type {
  AdapterCallOutcome,
  ClientAdapter,
  ClientAdapterFactory,
  ClientObserver,
  ConnectTarget,
} from './client-adapter.js';

/** The reference discovery client (`@toolshift/reference-client`) behind the adapter contract. */
export class ReferenceClientAdapter implements ClientAdapter {
  private host: DiscoveryHost | undefined;
  private serverId = 'primary';
  private unsubscribe: (() => void) | undefined;

  async connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    this.serverId = target.serverId;
    // The scenario plays the user: every call it makes is one the user approved.
    const host = new DiscoveryHost({
      clientInfo: { name: 'toolshift-reference-adapter', version: '1.0.0' },
      approve: () => true,
    });
    this.host = host;
    const report = () =>
      observer.exposure(
        host.tools().map(
          (tool): ExposedTool => ({
            serverId: tool.serverId,
            name: tool.name,
            ...(tool.description !== undefined ? { description: tool.description } : {}),
            inputSchema: tool.inputSchema,
            ...(tool.outputSchema !== undefined ? { outputSchema: tool.outputSchema } : {}),
          }),
        ),
      );
    this.unsubscribe = host.onRegistryChange(report);
    await host.addServer({ serverId: target.serverId, url: target.url, era: target.era });
    const state = host.serverState(target.serverId);
    if (state.failure)
      observer.note(`reference client: ${state.state}: ${state.failure.kind}: ${state.failure.message}`);
    report();
  }

  async callTool(toolName: string, args: Record<string, unknown>): Promise<AdapterCallOutcome> {
    if (!this.host) return { ok: false, error: 'not connected' };
    try {
      const result = (await this.host.callTool({ serverId: this.serverId, toolName, arguments: args })) as {
        isError?: boolean;
        content?: unknown;
      };
      if (result.isError)
        return { ok: false, error: `tool returned isError: ${JSON.stringify(result.content)}` };
      return { ok: true, result };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return { ok: false, error: (error as Error).message, ...(typeof code === 'string' ? { code } : {}) };
    }
  }

  async close(): Promise<void> {
    this.unsubscribe?.();
    await this.host?.close().catch(() => undefined);
  }
}

/** The reference client as the CLI's `reference` client. */
export const referenceClient: ClientAdapterFactory = {
  name: 'reference',
  kind: 'reference',
  description:
    'toolshift’s reference discovery client (@toolshift/reference-client); it has no expected failures.',
  create: () => new ReferenceClientAdapter(),
};
