import type { DiscoveryFailure } from './discovery-failure.js';

/**
 * An internal error that already knows its classification (raised by the client's own defences:
 * pagination caps, malformed pages). {@link classifyFailure} passes its `failure` through unchanged.
 */
export class ClassifiedError extends Error {
  constructor(readonly failure: Omit<DiscoveryFailure, 'atMs'>) {
    super(failure.message);
    this.name = 'ClassifiedError';
  }
}
