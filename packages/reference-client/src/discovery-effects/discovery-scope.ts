import type { ServerEndpoint } from '../connection/server-endpoint.js';
import type { ListKind } from '../discovery-machine/list-kind.js';
import type { DiscoveryEvent } from '../discovery-machine/machine-event.js';
import type { MachineState } from '../discovery-machine/machine-state.js';
import type { HostContext } from '../registry/host-context.js';
import type { ServerConfig } from '../registry/server-config.js';

/** Event bodies as the effect executors raise them; the host clock stamps `atMs`. */
export type EventBody = DiscoveryEvent extends infer E
  ? E extends unknown
    ? Omit<E, 'atMs'>
    : never
  : never;

/**
 * What the effect executors of one server's discovery share with its interpreter
 * (`ServerDiscovery`): the host's settings and collaborators, the server's configuration, the
 * machine's state (read-only) and the way back into the machine, {@link dispatch}.
 */
export interface DiscoveryScope {
  readonly host: HostContext;
  /** The server's configuration now (credentials can change; do not log it). */
  config(): ServerConfig;
  /** Where the server is, from its configuration. */
  endpoint(): ServerEndpoint;
  /** The lists discovered on this server: tools, plus prompts and resources unless the config narrows them. */
  kinds(): ListKind[];
  /** The machine's current state. */
  machine(): MachineState;
  /** Whether the discovery was closed (nothing is dispatched or installed after that). */
  closed(): boolean;
  /** Feeds an event to the machine (stamped with the host clock). */
  dispatch(body: EventBody): void;
}
