import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createBoundedFetch, FetchBoundError, type FetchViolation } from './bounded-fetch.js';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** Serves an endless body and resolves `sent` with the bytes written when the client hangs up. */
async function endless(contentType = 'application/json'): Promise<{ url: string; sent: Promise<number> }> {
  let resolveSent: (bytes: number) => void;
  const sent = new Promise<number>((resolve) => {
    resolveSent = resolve;
  });
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': contentType });
    let bytes = 0;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (!res.destroyed) {
        bytes += chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
    };
    res.on('close', () => resolveSent(bytes));
    pump();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/`, sent };
}

const bounds = { maxResponseBytes: 1024 * 1024, maxStreamBytes: 2 * 1024 * 1024, responseDeadlineMs: 60_000 };

describe('createBoundedFetch', () => {
  it('cuts an ordinary response at maxResponseBytes and closes the connection', async () => {
    const { url, sent } = await endless();
    const violations: FetchViolation[] = [];
    const boundedFetch = createBoundedFetch(bounds, (v) => violations.push(v));
    const response = await boundedFetch(url, { method: 'POST', body: '{}' });
    const error = await response.text().catch((e) => e);
    expect(error).toBeInstanceOf(FetchBoundError);
    expect(violations).toEqual([{ kind: 'byte-cap', limitBytes: 1024 * 1024, longLived: false }]);
    expect(await sent).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses a declared Content-Length over the cap before reading', async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-length': String(10 * 1024 * 1024), 'content-type': 'application/json' });
      res.write('{');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server!.address() as AddressInfo).port}/`;
    const error = await createBoundedFetch(bounds, () => {})(url, { method: 'POST' }).catch((e) => e);
    expect(error).toBeInstanceOf(FetchBoundError);
  });

  it('gives long-lived streams (GET, subscriptions/listen) the stream cap and no deadline', async () => {
    const { url, sent } = await endless('text/event-stream');
    const violations: FetchViolation[] = [];
    const fetchBounded = createBoundedFetch({ ...bounds, responseDeadlineMs: 1 }, (v) => violations.push(v));
    const response = await fetchBounded(url, {
      method: 'POST',
      headers: { 'mcp-method': 'subscriptions/listen' },
    });
    await response.arrayBuffer().catch(() => {});
    expect(violations).toEqual([{ kind: 'byte-cap', limitBytes: 2 * 1024 * 1024, longLived: true }]);
    expect(await sent).toBeGreaterThan(0);
  });

  it('aborts an ordinary response that outlives its deadline', async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': keep-alive\n\n'); // and never anything else
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server!.address() as AddressInfo).port}/`;
    const violations: FetchViolation[] = [];
    const response = await createBoundedFetch({ ...bounds, responseDeadlineMs: 50 }, (v) =>
      violations.push(v),
    )(url, {
      method: 'POST',
    });
    const error = await response.text().catch((e) => e);
    expect(error).toBeInstanceOf(FetchBoundError);
    expect(violations).toEqual([{ kind: 'deadline', deadlineMs: 50 }]);
  });
});
