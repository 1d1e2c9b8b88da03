import type { ClientAdapterFactory } from './client-adapter.js';
import { DEFECTS } from './defects/index.js';
import { LAZY_CLIENTS } from './lazy/index.js';
import { referenceClient } from './reference-adapter.js';
import { referenceGateway } from './reference-gateway-adapter.js';
import { sdkClient } from './sdk-adapter.js';
import { UNUSUAL_CLIENTS } from './unusual/index.js';

/** Every client adapter by CLI name: the two real clients, the defect catalogue, the false-positive corpus, then the lazy-client corpus. */
export const CLIENT_ADAPTERS: Readonly<Record<string, ClientAdapterFactory>> = Object.fromEntries(
  [referenceClient, referenceGateway, sdkClient, ...DEFECTS, ...UNUSUAL_CLIENTS, ...LAZY_CLIENTS].map(
    (factory) => [factory.name, factory],
  ),
);

export type {
  AdapterCallOutcome,
  AgentTurnReport,
  ApprovalQuestion,
  ClientAdapter,
  ClientAdapterFactory,
  ClientCapabilities,
  ClientObserver,
  ConnectTarget,
  ModelCallResult,
  ModelRequest,
  ModelTarget,
  ReportedState,
  ShownResources,
  TransportTarget,
} from './client-adapter.js';
export { capabilitiesOf } from './client-adapter.js';
