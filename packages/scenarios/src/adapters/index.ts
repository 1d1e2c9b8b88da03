import type { ClientAdapterFactory } from './client-adapter.js';
import { ignoresListChanged } from './defects/ignores-list-changed.js';
import { referenceClient } from './reference-adapter.js';
import { sdkClient } from './sdk-adapter.js';

/** Every client adapter by CLI name: the two real clients, then the defect catalogue. */
export const CLIENT_ADAPTERS: Readonly<Record<string, ClientAdapterFactory>> = Object.fromEntries(
  [referenceClient, sdkClient, ignoresListChanged].map((factory) => [factory.name, factory]),
);

export type {
  AdapterCallOutcome,
  ApprovalQuestion,
  ClientAdapter,
  ClientAdapterFactory,
  ClientObserver,
  ConnectTarget,
} from './client-adapter.js';
