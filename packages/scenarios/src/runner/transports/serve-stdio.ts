import { PassThrough } from 'node:stream';
import type { FakeServer } from '@toolshift/fake-server';
import { runStdioServer, type StdioServer, StdioStreamClientTransport } from '@toolshift/fake-server/stdio';
import type { ServedServer } from './served-server.js';

/**
 * Serves a fake server over stdio framing on in-process pipes: each connect is a fresh channel, as
 * when a host spawns (or respawns) the server process; the world and transcript live on.
 */
export async function serveStdio(server: FakeServer): Promise<ServedServer> {
  const channels: StdioServer[] = [];
  return {
    transport: 'stdio',
    target: {
      kind: 'stdio',
      connect: () => {
        const toServer = new PassThrough();
        const toClient = new PassThrough();
        channels.push(runStdioServer(server, { stdin: toServer, stdout: toClient }));
        return new StdioStreamClientTransport(toServer, toClient);
      },
      openChannel: () => {
        const toServer = new PassThrough();
        const fromServer = new PassThrough();
        channels.push(runStdioServer(server, { stdin: toServer, stdout: fromServer }));
        return { toServer, fromServer };
      },
    },
    async close() {
      for (const channel of channels) channel.close('drop');
    },
  };
}
