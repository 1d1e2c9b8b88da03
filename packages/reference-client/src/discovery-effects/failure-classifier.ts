import type { FetchViolation } from '../connection/bounded-fetch.js';
import { classifyFailure } from '../errors/classify-failure.js';
import type { DiscoveryFailure } from '../errors/discovery-failure.js';
import type { DiscoveryScope } from './discovery-scope.js';

/**
 * Classifies what failed in one server's discovery, naming the real cause where the SDK's error
 * hides it: the bound the bounded fetch cut a response at (last seen, see {@link noteViolation}),
 * an OAuth authorization the user must complete, or a sign-in the host must start.
 */
export class FailureClassifier {
  private lastViolation: FetchViolation | undefined;

  constructor(private readonly scope: DiscoveryScope) {}

  /** The bounded fetch cut a response short. */
  noteViolation(violation: FetchViolation): void {
    this.lastViolation = violation;
  }

  /** Forgets the last cut (a new enumeration starts). */
  clear(): void {
    this.lastViolation = undefined;
  }

  classify(error: unknown): DiscoveryFailure {
    const config = this.scope.config();
    const failure = classifyFailure(error, this.scope.host.clock.now());
    const violation = this.lastViolation;
    // A bounded-fetch cut often surfaces as a generic stream error or a timeout; name the real cause.
    if (violation && failure.kind !== 'limit-exceeded' && failure.reason !== 'listing-deadline') {
      this.lastViolation = undefined;
      return violation.kind === 'byte-cap'
        ? {
            kind: 'limit-exceeded',
            reason: 'byte-cap',
            message: `a response exceeded ${violation.limitBytes} bytes`,
            atMs: failure.atMs,
          }
        : {
            kind: 'timeout',
            reason: 'response-deadline',
            message: `a response took longer than ${violation.deadlineMs} ms`,
            atMs: failure.atMs,
          };
    }
    // With OAuth, a 401 the SDK could not answer by refreshing started an authorization the user
    // must complete; without any credential, it is a sign-in the host must start; not an expiry.
    if (failure.kind === 'auth-expired' && config.authProvider) {
      return { ...failure, reason: 'authorization-required' };
    }
    if (failure.reason === 'http-401' && config.bearerToken === undefined) {
      return { ...failure, reason: 'no-credentials' };
    }
    return failure;
  }
}
