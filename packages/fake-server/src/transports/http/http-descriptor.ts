import type { TransportDescriptor } from '../transport.js';

/** Streamable HTTP (express): a real socket, so every wire fault is possible. */
export const httpDescriptor: TransportDescriptor = {
  kind: 'http',
  capabilities: {
    faults: [
      'httpStatus',
      'malformedJson',
      'wrongId',
      'versionMismatch',
      'delay',
      'hang',
      'oversizeBody',
      'truncatedSseFrame',
      'dropStream',
    ],
  },
};
