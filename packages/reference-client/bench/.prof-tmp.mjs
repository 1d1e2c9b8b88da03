import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createFakeServer, scriptBuilder } from '@toolshift/fake-server';
import { startHttpTransport } from '@toolshift/fake-server/http';

const run = promisify(execFile);
function catalogTool(i) {
  return {
    name: `tool_${i}`,
    title: `Tool ${i}`,
    description: `Tool number ${i}: looks things up in system ${i % 97} and returns matching records.`,
    inputSchema: {
      type: 'object',
      properties: {
        [`query_${i}`]: { type: 'string', description: 'What to look for.', minLength: 1 },
        limit: { type: 'integer', minimum: 1, maximum: 100 + (i % 50) },
        mode: { type: 'string', enum: ['fast', 'thorough', `mode_${i % 13}`] },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: [`query_${i}`],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: i % 2 === 0 },
  };
}
const server = createFakeServer(
  scriptBuilder('bench-10k')
    .tools(...Array.from({ length: 10000 }, (_, i) => catalogTool(i)))
    .pageSize(500)
    .build(),
  { transcript: 'disabled' },
);
const http = await startHttpTransport(server, { maxBodyBytes: 64 * 1024 * 1024 });
const client = fileURLToPath(new URL('./refresh-client.mjs', import.meta.url));
for (const mode of process.argv.slice(2)) {
  const { stdout } = await run(
    process.execPath,
    ['--expose-gc', '--cpu-prof', '--cpu-prof-dir=/tmp/i16/prof-ref-' + mode, client, mode, http.url, '5'],
    { maxBuffer: 1 << 20 },
  );
  console.log(stdout.trim().split('\n').at(-1));
}
await http.close();
