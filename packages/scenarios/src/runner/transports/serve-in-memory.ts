import type { FakeServer } from '@toolshift/fake-server';
import { createInMemoryPair, type InMemoryServerEnd } from '@toolshift/fake-server/in-memory';
import type { ServedServer } from './served-server.js';

/** Serves a fake server over in-memory pairs: each connect is a new connection (no port, no socket). */
export async function serveInMemory(server: FakeServer): Promise<ServedServer> {
  const ends: InMemoryServerEnd[] = [];
  return {
    transport: 'in-memory',
    target: {
      kind: 'in-memory',
      connect: () => {
        const [client, end] = createInMemoryPair(server);
        ends.push(end);
        return client;
      },
    },
    async close() {
      for (const end of ends) end.close();
    },
  };
}
