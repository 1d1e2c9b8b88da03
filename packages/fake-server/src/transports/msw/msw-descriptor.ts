import type { TransportDescriptor } from '../transport.js';

/**
 * msw request handlers: fetch `Response`s with status, headers and streamed bodies, so every wire
 * fault is possible; a dropped stream errors the response body, as a reset socket does for fetch.
 */
export const mswDescriptor: TransportDescriptor = {
  kind: 'msw',
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
