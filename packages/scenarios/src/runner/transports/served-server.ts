import type { FakeServer } from '@toolshift/fake-server';
import type { TransportTarget } from '../../adapters/client-adapter.js';
import type { ScenarioTransport } from '../../scenario.js';

/** A fake server made reachable over one transport for one cell. */
export interface ServedServer {
  readonly transport: ScenarioTransport;
  /** How a client reaches it. */
  readonly target: TransportTarget;
  /** Stops serving: ends streams and closes every connection. */
  close(): Promise<void>;
  /**
   * The pids of the server processes this served server's stdio target had spawned (relays and
   * the children a step left holding their stdout): toolshift's own, never a client's leftovers.
   */
  serverPids?(): readonly number[];
}

/** Makes a fake server reachable over one transport. */
export type ServeFunction = (server: FakeServer) => Promise<ServedServer>;
