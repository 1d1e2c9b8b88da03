// Issue 9, point 9 (same-seed runs differed at teardown over msw): a client closing its GET stream
// over msw was sometimes never seen, so the server ended the stream itself. The intercepted
// request's AbortSignal follows the client's through a WeakRef (undici); once a garbage collection
// took the request, the client's abort no longer reached the handler. Whether a collection ran
// first depended on the load, so runs differed.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createFakeServer, scriptBuilder } from '../../src/index.js';
import { createMswHandlers } from '../../src/msw.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const msw = setupServer();
beforeAll(() => msw.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => msw.close());

test('a client closing its stream over msw is seen even after a garbage collection', async () => {
  const server = createFakeServer(
    scriptBuilder('gc')
      .tools({ name: 'alpha', inputSchema: { type: 'object' } })
      .build(),
  );
  const url = 'http://127.0.0.1:9/regression-9-gc/mcp';
  msw.use(...createMswHandlers(server, { url }));
  const client = new Client({ name: 'gc-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  await server.waitFor((frame) => frame.kind === 'stream-open' && frame.streamId.startsWith('get-'));
  // WeakRef targets survive the job that made them; collect in later turns.
  for (let turn = 0; turn < 3; turn++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbage();
  }
  await client.close();
  const closed = await server.waitFor((frame) => frame.kind === 'stream-close', { timeoutMs: 5000 });
  expect(closed).toMatchObject({ direction: 'in', closeMode: 'client' });
  expect(server.openStreamCount()).toBe(0);
  server.close('drop');
});
