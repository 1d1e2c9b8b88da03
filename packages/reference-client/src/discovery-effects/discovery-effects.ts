import type { DiscoveryEffect } from '../discovery-machine/machine-effect.js';
import { ConnectionEffects } from './connection-effects.js';
import type { DiscoveryScope } from './discovery-scope.js';
import { FailureClassifier } from './failure-classifier.js';
import { InstallEffects } from './install-effects.js';
import { ListingEffects } from './listing-effects.js';
import { PersistenceEffects } from './persistence-effects.js';
import { SubscriptionEffects } from './subscription-effects.js';
import { TimerEffects } from './timer-effects.js';
import { WarningEffects } from './warning-effects.js';

/**
 * The executors of one server's discovery machine, wired together: each effect `transition` asks
 * for goes to the executor named after it ({@link run}); what the executors see happen comes back
 * as events through the scope's `dispatch`.
 */
export class DiscoveryEffects {
  readonly failures: FailureClassifier;
  readonly timers: TimerEffects;
  readonly warnings: WarningEffects;
  readonly persistence: PersistenceEffects;
  readonly subscriptions: SubscriptionEffects;
  readonly connections: ConnectionEffects;
  readonly installs: InstallEffects;
  readonly listings: ListingEffects;

  constructor(private readonly scope: DiscoveryScope) {
    const connection = (generation: number) => this.connections.get(generation);
    this.failures = new FailureClassifier(scope);
    this.timers = new TimerEffects(scope);
    this.warnings = new WarningEffects(scope, () => this.connections.serverInfo);
    this.persistence = new PersistenceEffects(scope, this.warnings);
    this.subscriptions = new SubscriptionEffects(scope, connection, this.failures);
    this.installs = new InstallEffects(scope, this.persistence, this.warnings);
    this.connections = new ConnectionEffects(
      scope,
      this.failures,
      this.subscriptions,
      this.timers,
      this.persistence,
      (digest) => this.installs.memo?.has(digest) === true,
    );
    this.listings = new ListingEffects(scope, connection, this.installs, this.failures);
  }

  /** Hands one effect to its executor. */
  run(effect: DiscoveryEffect): void {
    switch (effect.type) {
      case 'open':
        void this.connections.open(effect.generation);
        return;
      case 'close-connection':
        this.connections.close(effect.generation);
        return;
      case 'subscribe':
        void this.subscriptions.subscribe(effect.generation, effect.lists);
        return;
      case 'unsubscribe':
        this.subscriptions.unsubscribe(effect.generation);
        return;
      case 'reopen-stream':
        this.connections.reopenStream(effect.generation);
        return;
      case 'list':
        void this.listings.list(effect.list, effect.listingId, effect.generation);
        return;
      case 'install':
        this.installs.install(effect.list, this.listings.take(effect.listingId), effect.reason);
        return;
      case 'withdraw':
        this.installs.withdraw(effect.list);
        return;
      case 'set-timer':
        this.timers.set(effect.timer, effect.delay);
        return;
      case 'cancel-timer':
        this.timers.cancel(effect.timer);
        return;
      case 'warn':
        this.warnings.warn({
          kind: effect.warning,
          ...(effect.list ? { list: effect.list } : {}),
          message: effect.detail,
        });
        return;
      case 'phase':
        if (effect.list === 'tools') {
          this.scope.host.audit.record(
            {
              type: 'state',
              serverId: this.scope.config().serverId,
              state: effect.phase,
              ...(effect.failure ? { failure: effect.failure } : {}),
            },
            this.scope.host.clock.now(),
          );
        }
        return;
    }
  }
}
