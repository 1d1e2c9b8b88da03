import autocannon from 'autocannon';
import { toolsListRequest } from './bench-catalog.mjs';

/** One load run's figures. */
export interface LoadResult {
  /** Mean requests per second. */
  rps: number;
  /** Latency percentiles, ms. */
  p50: number;
  p99: number;
  /** 2xx answers, and anything else (must be 0). */
  ok: number;
  failed: number;
  bytesPerResponse: number;
}

/**
 * Modern (2026-07-28) `tools/list` load on one MCP endpoint with autocannon: for `seconds`, or
 * until `amount` requests were answered when given.
 */
export async function loadToolsList(
  url: string,
  seconds: number,
  connections: number,
  amount?: number,
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    method: 'POST',
    duration: seconds,
    connections,
    ...(amount !== undefined ? { amount } : {}),
    headers: toolsListRequest.headers,
    body: toolsListRequest.body,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
    bytesPerResponse: Math.round(result.throughput.average / Math.max(1, result.requests.average)),
  };
}
