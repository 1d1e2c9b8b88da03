import type { TransportDescriptor } from '../transport.js';

/**
 * The in-memory pair: messages as objects, no bytes, so no status codes, SSE framing or size
 * limits. Malformed JSON reaches the client as an `onerror`; a dropped stream closes the pair.
 */
export const inMemoryDescriptor: TransportDescriptor = {
  kind: 'in-memory',
  capabilities: {
    faults: ['malformedJson', 'wrongId', 'versionMismatch', 'delay', 'hang', 'dropStream'],
  },
};
