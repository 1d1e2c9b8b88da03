// Child process for the proxy benchmark: `toolshift proxy` in front of UPSTREAM (no overlay,
// transcript on), over loopback HTTP, run from the built package (dist/) as a user would run it.
// Prints its MCP URL on the first stdout line; exits when stdin closes.
// Usage: node proxy-bench-server.mjs UPSTREAM_URL [--no-watch]
// --no-watch: as in front of an upstream that does not announce changes (page 1 of every listing
// re-reads the upstream's list).

import { startHttpTransport } from '../dist/http.js';
import { createProxyServer } from '../dist/proxy.js';

const proxy = await createProxyServer({
  upstream: { kind: 'http', url: process.argv[2] },
  watch: !process.argv.includes('--no-watch'),
});
const http = await startHttpTransport(proxy.server);
process.stdout.write(`${http.url}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void http
    .close('drop')
    .then(() => proxy.close())
    .then(() => process.exit(0));
});
