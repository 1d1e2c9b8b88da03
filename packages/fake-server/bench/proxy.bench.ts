// Benchmark (pnpm bench, not a test): what `toolshift proxy` adds to each request, at 1,000 tools,
// on loopback. The official SDK server (low-level Server, the SDK baseline, 1,000 tools) is asked
// directly and through the proxy (no overlay, transcript on), one request at a time on a keep-alive
// connection, rounds alternating between the two: modern `tools/list` (served from the proxy's view,
// which the upstream's list_changed keeps current) and `tools/call` (relayed to the upstream). The
// figure is the median latency through the proxy minus the median direct, in the same run. For
// context, a second proxy in front of the same upstream as if it did not announce changes: it
// re-reads the upstream's whole list before page 1 of every listing (no target: that is the
// upstream's own latency again, plus the proxy's).
// Environment: BENCH_PROXY_REQUESTS (requests per round and path, default 300), BENCH_ROUNDS (3),
// TOOLSHIFT_SDK_BASELINE (default ../shared/bench/sdk-baseline-server.mjs from the repo root).
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTarget } from '../../../bench/targets.mjs';
import { toolsListRequest } from './bench-catalog.mjs';
import { type ChildServer, spawnServer } from './child-server.js';

const here = dirname(fileURLToPath(import.meta.url));
const packageDir = resolve(here, '..');
const repoRoot = resolve(packageDir, '../..');
const requests = Number(process.env.BENCH_PROXY_REQUESTS ?? 300);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const baselineSource = resolve(
  process.env.TOOLSHIFT_SDK_BASELINE ?? join(repoRoot, '../shared/bench/sdk-baseline-server.mjs'),
);

function baselineArgs(): string[] {
  if (!existsSync(baselineSource))
    throw new Error(`SDK baseline not found at ${baselineSource}; set TOOLSHIFT_SDK_BASELINE.`);
  const cacheDir = join(packageDir, 'node_modules', '.cache', 'toolshift-bench');
  mkdirSync(cacheDir, { recursive: true });
  const copy = join(cacheDir, 'sdk-baseline-server.mjs');
  copyFileSync(baselineSource, copy);
  return [copy];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const callRequest = {
  headers: { ...toolsListRequest.headers, 'mcp-method': 'tools/call', 'mcp-name': 'tool_7' },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: {
      name: 'tool_7',
      arguments: { q: 'bench' },
      _meta: JSON.parse(toolsListRequest.body).params._meta,
    },
  }),
};

/** Sends `count` requests one after another on one keep-alive connection; resolves with each latency, ms. */
async function sequential(
  url: string,
  request: { headers: Record<string, string>; body: string },
  count: number,
): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const started = process.hrtime.bigint();
      await new Promise<void>((done, fail) => {
        const req = http.request(url, { method: 'POST', agent, headers: request.headers }, (res) => {
          if (res.statusCode !== 200) fail(new Error(`HTTP ${res.statusCode}`));
          res.on('data', () => {});
          res.on('end', () => done());
          res.on('error', fail);
        });
        req.on('error', fail);
        req.end(request.body);
      });
      latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  } finally {
    agent.destroy();
  }
  return latencies;
}

async function main(): Promise<void> {
  const upstream: ChildServer = await spawnServer(baselineArgs(), {
    cwd: packageDir,
    env: { MODE: 'lowlevel', N: '1000' },
  });
  const proxy = await spawnServer([join(here, 'proxy-bench-server.mjs'), upstream.url], { cwd: repoRoot });
  const rereading = await spawnServer([join(here, 'proxy-bench-server.mjs'), upstream.url, '--no-watch'], {
    cwd: repoRoot,
  });
  try {
    console.log(
      `1,000 tools, one request at a time, ${requests} per path and round, ${rounds} rounds (alternating)`,
    );
    const samples = {
      listDirect: [] as number[],
      listProxy: [] as number[],
      listRereading: [] as number[],
      callDirect: [] as number[],
      callProxy: [] as number[],
    };
    // Warm-up: JIT, connection setup, the proxy's first read of the upstream's list.
    await sequential(upstream.url, toolsListRequest, 30);
    await sequential(proxy.url, toolsListRequest, 30);
    await sequential(proxy.url, callRequest, 30);
    await sequential(rereading.url, toolsListRequest, 30);
    for (let round = 1; round <= rounds; round++) {
      samples.listDirect.push(...(await sequential(upstream.url, toolsListRequest, requests)));
      samples.listProxy.push(...(await sequential(proxy.url, toolsListRequest, requests)));
      samples.listRereading.push(...(await sequential(rereading.url, toolsListRequest, requests)));
      samples.callDirect.push(...(await sequential(upstream.url, callRequest, requests)));
      samples.callProxy.push(...(await sequential(proxy.url, callRequest, requests)));
    }
    const m = Object.fromEntries(
      Object.entries(samples).map(([key, values]) => [key, median(values)]),
    ) as Record<keyof typeof samples, number>;
    console.log(
      `  tools/list  direct p50 ${m.listDirect.toFixed(2)} ms   through the proxy p50 ${m.listProxy.toFixed(2)} ms   (${(m.listProxy / m.listDirect).toFixed(2)}x)`,
    );
    console.log(
      `  tools/list  re-reading the upstream on every listing p50 ${m.listRereading.toFixed(2)} ms   (${(m.listRereading / m.listDirect).toFixed(2)}x)`,
    );
    console.log(
      `  tools/call  direct p50 ${m.callDirect.toFixed(2)} ms   through the proxy p50 ${m.callProxy.toFixed(2)} ms   (${(m.callProxy / m.callDirect).toFixed(2)}x)`,
    );
    printTarget({
      label: 'proxy: added median latency, tools/list of 1,000 tools (through the proxy − direct)',
      value: m.listProxy - m.listDirect,
      unit: ' ms',
      target: 1,
      better: 'lower',
      detail: `direct ${m.listDirect.toFixed(2)} ms, proxied ${m.listProxy.toFixed(2)} ms (ratio ${(m.listProxy / m.listDirect).toFixed(2)}x)`,
    });
    printTarget({
      label: 'proxy: added median latency, tools/call relayed to the upstream (through the proxy − direct)',
      value: m.callProxy - m.callDirect,
      unit: ' ms',
      target: 1,
      better: 'lower',
      detail: `direct ${m.callDirect.toFixed(2)} ms, proxied ${m.callProxy.toFixed(2)} ms (ratio ${(m.callProxy / m.callDirect).toFixed(2)}x)`,
    });
    printTarget({
      label:
        'proxy re-reading the upstream on every listing (an upstream without list_changed): added median latency, tools/list of 1,000 tools',
      value: m.listRereading - m.listDirect,
      unit: ' ms',
      detail: `direct ${m.listDirect.toFixed(2)} ms, proxied ${m.listRereading.toFixed(2)} ms`,
    });
  } finally {
    await rereading.stop();
    await proxy.stop();
    await upstream.stop();
  }
}

await main();
