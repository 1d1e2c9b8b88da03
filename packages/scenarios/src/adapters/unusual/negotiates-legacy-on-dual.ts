import type { ClientObserver, ConnectTarget } from '../client-adapter.js';
import { ReferenceClientAdapter, referenceClient } from '../reference-adapter.js';
import { unusual } from './unusual-factory.js';

/**
 * The reference client configured to speak 2025-11-25 only: it opens every connection with
 * `initialize`, even on an endpoint that also speaks 2026-07-28 and even when the cell asks it to
 * prefer 2026-07-28. That is a correct choice (§1.4 lets a client pick either era a dual-era server
 * serves), so it must get no failing verdict: modern-only checks are inconclusive for it, never
 * failed. It cannot talk to a modern-only server, and says so (`eras: ['legacy']`), so those cells
 * are `n/a`.
 * @see ../shared/spec/mcp-discovery-spec.md §1.4
 */
export class LegacyOnlyReferenceAdapter extends ReferenceClientAdapter {
  override connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    return super.connect({ ...target, era: 'legacy' }, observer);
  }
}

/** `unusual:negotiates-legacy-on-dual`: the false-positive corpus's 2025-11-25-only client. */
export const negotiatesLegacyOnDual = unusual(
  {
    name: 'negotiates-legacy-on-dual',
    behaviour:
      'The reference client speaking 2025-11-25 only: initialize on every endpoint, even a dual-era one, and in cells preferring 2026-07-28 (declares eras: [legacy])',
    whyCorrect: 'digest §1.4: a client may pick either era a dual-era server serves',
  },
  () => new LegacyOnlyReferenceAdapter(),
  {
    transports: referenceClient.capabilities!.transports,
    features: referenceClient.capabilities!.features,
    eras: ['legacy'],
  },
);
