import type { ClientAdapterFactory } from '../../adapters/client-adapter.js';
import type { ClientProcessOptions } from './client-process.js';
import { ClientProcessPool } from './client-process-pool.js';

/**
 * A client of a `--client-module` file as the runner holds it: its name, kind, description and
 * capabilities (read in a client process), and the pool of client processes its cells run in.
 * `runCell` sends its cells there; `create()` cannot work in this process and throws.
 */
export interface IsolatedClientFactory extends ClientAdapterFactory {
  /** The client processes of the client's module. */
  isolation: ClientProcessPool;
}

/** True for a client whose cells run in a client process. */
export function isIsolated(factory: ClientAdapterFactory): factory is IsolatedClientFactory {
  return (factory as Partial<IsolatedClientFactory>).isolation instanceof ClientProcessPool;
}

/**
 * Loads a `--client-module` file in a client process (never in this one: importing it may already
 * register exit hooks or signal handlers) and returns its clients, each running its cells in that
 * module's pool of client processes. Close them with {@link closeIsolatedClients}.
 * @throws {ToolshiftError} CLIENT_MODULE_INVALID when the module cannot be loaded or exports no
 *   usable factory (see `loadClientModule`), or its process ends or goes silent while loading.
 */
export async function loadIsolatedClients(
  path: string,
  options: ClientProcessOptions = {},
): Promise<IsolatedClientFactory[]> {
  const pool = new ClientProcessPool(path, options);
  const clients = await pool.load();
  return clients.map((client) => ({
    ...client,
    isolation: pool,
    create() {
      throw new Error(
        `client ${client.name} of ${path} runs in its own process; run its cells with runCell or runSuite`,
      );
    },
  }));
}

/** Ends the client processes of every isolated client among `factories`. */
export async function closeIsolatedClients(factories: Iterable<ClientAdapterFactory>): Promise<void> {
  const pools = new Set<ClientProcessPool>();
  for (const factory of factories) if (isIsolated(factory)) pools.add(factory.isolation);
  await Promise.all([...pools].map((pool) => pool.close()));
}
