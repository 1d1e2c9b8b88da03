import type { TranscriptFrame } from '@toolshift/fake-server';
import type { Scenario } from '../../scenario.js';
import type { ClientAdapter, ClientAdapterFactory, ClientCapabilities } from '../client-adapter.js';

/**
 * What a lazy-client variant is: its CLI name (without `lazy:`), what it skips, and which
 * scenarios it therefore does not meet. A lazy client is built to be caught by essential checks:
 * it must get `fail` or `inconclusive` — never `pass` — on every scenario whose title it does not
 * make true (the lazy-client corpus test holds it to that on the whole catalog).
 */
export interface LazyInfo {
  name: string;
  /** What it skips, in one sentence. */
  behaviour: string;
  /**
   * Why this client did not make `scenario`'s title true in a run (the run needed what it skips),
   * or `undefined` when it may rightly pass. Read from the scenario's data (its actions) and what
   * happened on the wire (`transcript`: the first server's judged frames: the catalog changed after
   * the client listed, a listing failed), never from the scenario's id.
   */
  misses(scenario: Scenario, transcript: readonly TranscriptFrame[]): string | undefined;
}

/** A lazy client, registered as `lazy:<name>` (kind `defect`: deliberately broken). */
export interface LazyFactory extends ClientAdapterFactory {
  kind: 'defect';
  lazy: LazyInfo;
}

/**
 * The lazy clients' capabilities: Streamable HTTP (a loopback endpoint, or the same one through
 * msw), one server, no host features: each is an SDK client on `fetch` that does less than a host must.
 */
export const LAZY_CAPABILITIES: ClientCapabilities = { transports: ['http', 'msw'], features: [] };

/** Builds a `lazy:<name>` client adapter factory. */
export function lazy(info: LazyInfo, create: () => ClientAdapter): LazyFactory {
  return {
    name: `lazy:${info.name}`,
    kind: 'defect',
    description: `${info.behaviour} (a lazy client: never to pass a scenario it does not meet)`,
    capabilities: LAZY_CAPABILITIES,
    lazy: info,
    create,
  };
}
