/** `@toolshift/fake-server/in-memory`: a linked in-memory pair whose client end is an SDK `Transport`. */

export type { InMemoryServerEnd } from './transports/in-memory/in-memory-pair.js';
export { createInMemoryPair, InMemoryClientTransport } from './transports/in-memory/in-memory-pair.js';
