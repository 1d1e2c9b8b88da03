import type { ExposedTool } from '@toolshift/assertions';
import { DiscoveryCache } from '@toolshift/reference-client';
import type {
  AdapterCallOutcome,
  ClientAdapter,
  ClientAdapterFactory,
  ClientObserver,
  ConnectTarget,
} from './client-adapter.js';
import { type ReferenceAdapterOptions, ReferenceClientAdapter } from './reference-adapter.js';

/** The server id every user's host of a gateway gives the one upstream server. */
export const GATEWAY_SERVER_ID = 'upstream';

/**
 * The reference client embedded as a multi-user gateway embeds it: one host per connection (per
 * user), every host naming the upstream server alike (`GATEWAY_SERVER_ID`) and all sharing one
 * discovery cache, so what isolates one user's listing from the next is the cache's keying by
 * credential profile and `cacheScope`. Exposures, permissions and calls keep each connection's own
 * server id on the outside.
 */
export class ReferenceGatewayAdapter implements ClientAdapter {
  private readonly users = new Map<string, ReferenceClientAdapter>();
  private readonly exposed = new Map<string, ExposedTool[]>();
  private readonly cache: DiscoveryCache;
  private firstServerId: string | undefined;

  constructor(private readonly options: ReferenceAdapterOptions = {}) {
    this.cache = options.cache ?? new DiscoveryCache();
  }

  async connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    const outer = target.serverId;
    this.firstServerId ??= outer;
    const user = new ReferenceClientAdapter({ ...this.options, cache: this.cache });
    this.users.set(outer, user);
    const report = () => observer.exposure([...this.exposed.values()].flat());
    await user.connect(
      { ...target, serverId: GATEWAY_SERVER_ID },
      {
        ...observer,
        exposure: (tools) => {
          this.exposed.set(
            outer,
            tools.map((tool) => ({ ...tool, serverId: outer })),
          );
          report();
        },
        warning: (warning) => observer.warning({ ...warning, serverId: outer }),
        permission: (decision) => observer.permission({ ...decision, serverId: outer }),
        ...(observer.approve
          ? { approve: (question) => observer.approve!({ ...question, serverId: outer }) }
          : {}),
      },
    );
  }

  callTool(toolName: string, args: Record<string, unknown>, serverId?: string): Promise<AdapterCallOutcome> {
    const user = this.users.get(serverId ?? this.firstServerId ?? '');
    return user
      ? user.callTool(toolName, args, GATEWAY_SERVER_ID)
      : Promise.resolve({ ok: false, error: 'not connected' });
  }

  grant(serverId: string, toolName: string): void {
    this.users.get(serverId)?.grant(GATEWAY_SERVER_ID, toolName);
  }

  async close(): Promise<void> {
    await Promise.all([...this.users.values()].map((user) => user.close()));
  }
}

/** The reference client as a multi-user gateway embeds it (the CLI's `reference-gateway`). */
export const referenceGateway: ClientAdapterFactory = {
  name: 'reference-gateway',
  kind: 'reference',
  description:
    'The reference client as a multi-user gateway embeds it: one DiscoveryHost per user sharing one discovery cache.',
  capabilities: {
    transports: ['http', 'msw', 'in-memory', 'stdio'],
    features: ['multi-server', 'bearer-auth', 'permission-rules'],
  },
  create: () => new ReferenceGatewayAdapter(),
};
