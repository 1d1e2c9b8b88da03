import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One JSON-RPC request (or notification) the peer received. */
export interface PeerRequest {
  httpMethod: string;
  method?: string;
  id?: string | number;
  params?: Record<string, unknown>;
  headers: IncomingHttpHeaders;
}

/** Answers one request; return `false` to fall back to the default behaviour (anything else: handled). */
export type PeerHandler = (request: PeerRequest, res: ServerResponse, peer: HostilePeer) => unknown;

/** Options for {@link startHostilePeer}. */
export interface HostilePeerOptions {
  /** Eras the peer speaks (default both). */
  eras?: Array<'legacy' | 'modern'>;
  /** Tools the default `tools/list` answer returns (one page). */
  tools?: unknown[];
  /** Advertise `tools.listChanged` (default false). Omit `tools` capability entirely with `null`. */
  toolsCapability?: { listChanged?: boolean } | null;
  /** Handlers by JSON-RPC method (`tools/list`, `tools/call`, `subscriptions/listen`, …) or `http` for everything. */
  on?: Record<string, PeerHandler>;
}

/**
 * A deliberately scriptable MCP peer on plain `node:http` (loopback), for behaviours the fake
 * server cannot produce yet (hostile listings, endless streams, broken status codes). It answers
 * the handshake of either era correctly so each test can aim its hostility at one method.
 */
export class HostilePeer {
  readonly requests: PeerRequest[] = [];
  /** Bytes the test's handlers report having written (for "the client stopped reading" checks). */
  bytesWritten = 0;
  /** Connections the client closed. */
  closedConnections = 0;
  url = '';
  private server: Server | undefined;

  constructor(readonly options: HostilePeerOptions) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () =>
        this.dispatch(req.method ?? 'GET', req.headers, Buffer.concat(chunks).toString('utf8'), res),
      );
    });
    this.server.on('connection', (socket) => socket.on('close', () => this.closedConnections++));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/mcp`;
    return this;
  }

  /** Requests of one JSON-RPC method. */
  calls(method: string): PeerRequest[] {
    return this.requests.filter((r) => r.method === method);
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve) ?? resolve(undefined));
  }

  /** Writes a JSON-RPC result, with `resultType` when the request was modern. */
  reply(res: ServerResponse, request: PeerRequest, result: Record<string, unknown>): void {
    const modern = isModern(request);
    json(res, 200, {
      jsonrpc: '2.0',
      id: request.id,
      result: modern ? { resultType: 'complete', ...result } : result,
    });
  }

  /** Writes a JSON-RPC error with an HTTP status. */
  error(res: ServerResponse, request: PeerRequest, status: number, code: number, message: string): void {
    json(res, status, { jsonrpc: '2.0', id: request.id ?? null, error: { code, message } });
  }

  private dispatch(
    httpMethod: string,
    headers: IncomingHttpHeaders,
    body: string,
    res: ServerResponse,
  ): void {
    if (httpMethod !== 'POST') {
      const request: PeerRequest = { httpMethod, headers };
      this.requests.push(request);
      if (this.options.on?.http?.(request, res, this) === true) return;
      res.writeHead(405).end();
      return;
    }
    let message: { method?: string; id?: string | number; params?: Record<string, unknown> };
    try {
      message = JSON.parse(body);
    } catch {
      json(res, 400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
      return;
    }
    const request: PeerRequest = { httpMethod, headers, ...message };
    this.requests.push(request);
    const handler = (request.method && this.options.on?.[request.method]) ?? this.options.on?.http;
    if (handler && handler(request, res, this) !== false) return;
    this.answer(request, res);
  }

  private answer(request: PeerRequest, res: ServerResponse): void {
    const eras = this.options.eras ?? ['legacy', 'modern'];
    const tools =
      this.options.toolsCapability === null
        ? {}
        : { tools: this.options.toolsCapability ?? { listChanged: false } };
    if (request.id === undefined) {
      res.writeHead(202).end();
      return;
    }
    switch (request.method) {
      case 'initialize':
        if (!eras.includes('legacy')) {
          this.error(res, request, 400, -32022, 'Unsupported protocol version');
          return;
        }
        res.setHeader('mcp-session-id', 'hostile-session');
        this.reply(res, request, {
          protocolVersion: '2025-11-25',
          capabilities: tools,
          serverInfo: { name: 'hostile', version: '1.0.0' },
        });
        return;
      case 'server/discover':
        if (!eras.includes('modern')) {
          res.writeHead(400).end();
          return;
        }
        this.reply(res, request, {
          supportedVersions: ['2026-07-28'],
          capabilities: tools,
          ttlMs: 0,
          cacheScope: 'public',
          _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'hostile', version: '1.0.0' } },
        });
        return;
      case 'tools/list':
        this.reply(res, request, {
          tools: this.options.tools ?? [],
          ttlMs: 60_000,
          cacheScope: 'public',
        });
        return;
      case 'tools/call':
        this.reply(res, request, {
          content: [{ type: 'text', text: JSON.stringify(request.params?.arguments ?? {}) }],
        });
        return;
      default:
        this.error(res, request, isModern(request) ? 404 : 200, -32601, 'Method not found');
        return;
    }
  }
}

/** Starts a {@link HostilePeer}. */
export function startHostilePeer(options: HostilePeerOptions = {}): Promise<HostilePeer> {
  return new HostilePeer(options).start();
}

export function isModern(request: PeerRequest): boolean {
  const meta = request.params?._meta as Record<string, unknown> | undefined;
  return typeof meta?.['io.modelcontextprotocol/protocolVersion'] === 'string';
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Opens an SSE response. */
export function openSse(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.flushHeaders();
}

/** Writes as fast as the socket drains, `chunk()` after `chunk()`, counting bytes into `peer`. */
export function firehose(res: ServerResponse, peer: HostilePeer, chunk: () => string): void {
  const pump = () => {
    while (!res.destroyed) {
      const data = chunk();
      peer.bytesWritten += Buffer.byteLength(data);
      if (!res.write(data)) {
        res.once('drain', pump);
        return;
      }
    }
  };
  pump();
}
