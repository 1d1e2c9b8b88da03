// One measured client, in its own process so its RSS is its own. Prints one JSON line.
// Usage: node refresh-client.mjs <sdk|host-lazy|host-eager> <url> <unchangedRuns>
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { DiscoveryHost } from '../dist/index.js';

const [mode, url, runsText] = process.argv.slice(2);
const runs = Number(runsText ?? 5);
const clientInfo = { name: 'toolshift-bench', version: '1.0.0' };
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Wall time and this process's CPU time (user + system) of `work`, ms. */
async function measure(work) {
  const wall = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const value = await work();
  const used = process.cpuUsage(cpu);
  return {
    value,
    wallMs: Number(process.hrtime.bigint() - wall) / 1e6,
    cpuMs: (used.user + used.system) / 1e3,
  };
}

/** The first operation, then `runs` unchanged repeats: medians of the repeats. */
async function series(first, repeat) {
  const initial = await measure(first);
  const repeats = [];
  for (let i = 0; i < runs; i++) repeats.push(await measure(repeat));
  return {
    firstMs: initial.wallMs,
    firstCpuMs: initial.cpuMs,
    unchangedMs: median(repeats.map((r) => r.wallMs)),
    unchangedCpuMs: median(repeats.map((r) => r.cpuMs)),
    value: initial.value,
  };
}

async function sdk() {
  const client = new Client(clientInfo, { versionNegotiation: { mode: 'auto' }, listMaxPages: 0 });
  const timings = await series(
    async () => {
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      return (await client.listTools(undefined, { cacheMode: 'refresh' })).tools.length;
    },
    () => client.listTools(undefined, { cacheMode: 'refresh' }),
  );
  await client.close();
  return { tools: timings.value, ...timings, value: undefined };
}

async function host(compileValidators) {
  const discoveryHost = new DiscoveryHost({ clientInfo, compileValidators, audit: 'disabled' });
  const timings = await series(
    () => discoveryHost.addServer({ serverId: 'bench', url, era: 'auto' }),
    () => discoveryHost.refresh('bench'),
  );
  const result = {
    tools: discoveryHost.tools().length,
    state: timings.value.state,
    ...timings,
    value: undefined,
    compiles: discoveryHost.validators.stats().compiles,
  };
  await discoveryHost.close();
  return result;
}

const rssBefore = process.memoryUsage().rss;
const result = mode === 'sdk' ? await sdk() : await host(mode === 'host-eager' ? 'eager' : 'lazy');
globalThis.gc?.();
console.log(
  JSON.stringify({
    mode,
    ...result,
    rssMb: Math.round(process.memoryUsage().rss / 1e6),
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1e3),
    baselineRssMb: Math.round(rssBefore / 1e6),
  }),
);
process.exit(0);
