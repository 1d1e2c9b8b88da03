// Child process for the benchmarks: a fake server with N tools over loopback HTTP, transcript on
// (or off), run from the built package (dist/) as a user would run it. Prints its MCP URL on the
// first stdout line; exits when stdin closes.
// Usage: node serve-bench-server.mjs N [memory|disabled]

import { startHttpTransport } from '../dist/http.js';
import { createFakeServer } from '../dist/index.js';

const count = Number(process.argv[2] ?? 1000);
const transcript = process.argv[3] === 'disabled' ? 'disabled' : 'memory';

// The same tools as the SDK baseline (/work/shared/bench/sdk-baseline-server.mjs), so both servers
// serialize the same bytes.
const tools = Array.from({ length: count }, (_, i) => ({
  name: `tool_${i}`,
  description: `Tool number ${i}: searches the ${i % 7} index and returns matching records.`,
  inputSchema: {
    type: 'object',
    properties: {
      q: { type: 'string', description: 'query text' },
      limit: { type: 'integer', minimum: 1, maximum: 100 },
    },
    required: ['q'],
  },
}));

const server = createFakeServer({ toolshiftScript: 1, catalog: { tools } }, { transcript });
const http = await startHttpTransport(server);
process.stdout.write(`${http.url}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void http.close('drop').then(() => process.exit(0));
});
