import type { DiscoveryFailure } from './discovery-failure.js';
import { displayText } from './display-text.js';

/**
 * An internal error that already knows its classification (raised by the client's own defences:
 * pagination caps, malformed pages). {@link classifyFailure} passes its `failure` through unchanged;
 * its `message` is made safe to print on the way in (see `displayText`).
 */
export class ClassifiedError extends Error {
  readonly failure: Omit<DiscoveryFailure, 'atMs'>;

  constructor(failure: Omit<DiscoveryFailure, 'atMs'>) {
    const message = displayText(failure.message);
    super(message);
    this.failure = { ...failure, message };
    this.name = 'ClassifiedError';
  }
}
