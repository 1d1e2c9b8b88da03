import type { ClientAdapter, ClientAdapterFactory, ClientCapabilities } from '../client-adapter.js';

/** What a false-positive corpus variant is: its CLI name (without `unusual:`), what it does and why that is correct. */
export interface UnusualInfo {
  name: string;
  /** The unusual behaviour, in one sentence. */
  behaviour: string;
  /** Why it is correct: the spec text, seed advice or real client it follows. */
  whyCorrect: string;
}

/** A deliberately correct but unusual client, registered as `unusual:<name>`; it must get no failing verdict. */
export interface UnusualFactory extends ClientAdapterFactory {
  kind: 'unusual';
  unusual: UnusualInfo;
}

/**
 * What every corpus host offers: Streamable HTTP (a real loopback endpoint, or the same endpoint
 * through msw, since its connections are SDK clients on `fetch`) and the host features
 * `CorpusHost` implements.
 */
export const CORPUS_CAPABILITIES: ClientCapabilities = {
  transports: ['http', 'msw'],
  features: ['multi-server', 'bearer-auth', 'model-exposure', 'manual-refresh', 'reconnect', 'reauthorize'],
};

/** Builds an `unusual:<name>` client adapter factory. */
export function unusual(
  info: UnusualInfo,
  create: () => ClientAdapter,
  capabilities: ClientCapabilities = CORPUS_CAPABILITIES,
): UnusualFactory {
  return {
    name: `unusual:${info.name}`,
    kind: 'unusual',
    description: `${info.behaviour} (correct: ${info.whyCorrect})`,
    unusual: info,
    capabilities,
    create,
  };
}
