// Child process for the benchmarks: a fake server with N tools over loopback HTTP, transcript on
// (or off), run from the built package (dist/) as a user would run it. Prints its MCP URL on the
// first stdout line; exits when stdin closes.
// Usage: node serve-bench-server.mjs N [memory|disabled]

import { startHttpTransport } from '../dist/http.js';
import { createFakeServer } from '../dist/index.js';
import { benchTools } from './bench-catalog.mjs';

const count = Number(process.argv[2] ?? 1000);
const transcript = process.argv[3] === 'disabled' ? 'disabled' : 'memory';

const tools = benchTools(count);

const server = createFakeServer({ toolshiftScript: 1, catalog: { tools } }, { transcript });
const http = await startHttpTransport(server);
process.stdout.write(`${http.url}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void http.close('drop').then(() => process.exit(0));
});
