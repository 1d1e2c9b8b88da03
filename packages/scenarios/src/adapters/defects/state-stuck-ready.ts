import type { ClientObserver, ConnectTarget, ReportedState } from '../client-adapter.js';
import { ReferenceClientAdapter, referenceClient } from '../reference-adapter.js';
import { defect } from './defect-factory.js';

/**
 * A host whose status line says "ready" for every server once it connected, whatever discovery
 * says afterwards: the reference client underneath withdraws a server's tools when its token
 * expires, while the host keeps telling the user the server is fine (an empty tool list and a
 * failed discovery look the same to them).
 */
class StateStuckReady extends ReferenceClientAdapter {
  override connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    return super.connect(target, {
      ...observer,
      state: (serverId) => observer.state?.(serverId, { state: 'ready' }),
    });
  }

  override serverState(): ReportedState {
    return { state: 'ready' };
  }
}

export const stateStuckReady = defect(
  {
    name: 'state-stuck-ready',
    mistake:
      'Reports every connected server as ready, even after its discovery failed and its tools were withdrawn.',
    realWorld: 'seed 000 (an empty list and a failed discovery are not the same state); case AU-02',
    caughtBy: ['scenario:au-02-expired-token-status'],
  },
  () => new StateStuckReady(),
  referenceClient,
);
