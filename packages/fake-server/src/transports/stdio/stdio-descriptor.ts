import type { TransportDescriptor } from '../transport.js';

/**
 * stdio: newline-delimited JSON-RPC on one byte channel. No HTTP status and no SSE framing; a
 * dropped stream closes the channel (the client sees the server process go away).
 */
export const stdioDescriptor: TransportDescriptor = {
  kind: 'stdio',
  capabilities: {
    faults: ['malformedJson', 'wrongId', 'versionMismatch', 'delay', 'hang', 'oversizeBody', 'dropStream'],
  },
};
