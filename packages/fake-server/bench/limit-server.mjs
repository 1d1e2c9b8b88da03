// Child process for the benchmarks: the limit row. A bare node:http server that answers every
// request with the same pre-serialized bytes: the fake server's own answer to the benchmark's
// tools/list request (taken once at start, headers and body), so the only work left per request is
// the wire's. Prints its URL on the first stdout line; exits when stdin closes.
// Usage: node limit-server.mjs N

import { createServer, request } from 'node:http';
import { startHttpTransport } from '../dist/http.js';
import { createFakeServer } from '../dist/index.js';
import { benchTools, toolsListRequest } from './bench-catalog.mjs';

const count = Number(process.argv[2] ?? 1000);

/** The fake server's answer to one tools/list request: status, content type and body bytes. */
async function recordAnswer() {
  const fake = createFakeServer({ toolshiftScript: 1, catalog: { tools: benchTools(count) } });
  const http = await startHttpTransport(fake);
  try {
    return await new Promise((resolve, reject) => {
      const req = request(http.url, { method: 'POST', headers: toolsListRequest.headers }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            contentType: res.headers['content-type'],
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(toolsListRequest.body);
    });
  } finally {
    await http.close('drop');
  }
}

const answer = await recordAnswer();
if (answer.status !== 200) throw new Error(`the fake server answered ${answer.status}`);
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': answer.contentType, 'content-length': answer.body.length });
    res.end(answer.body);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`http://127.0.0.1:${server.address().port}/mcp\n`);
});
process.stdin.resume();
process.stdin.on('end', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
