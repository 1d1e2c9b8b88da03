import type { IncomingMessage, ServerResponse } from 'node:http';

/** What {@link directEndpoint} needs from the HTTP transport. */
export interface DirectEndpointOptions {
  /** The MCP endpoint's path, e.g. `/mcp`. */
  path: string;
  /** Largest accepted request body, bytes. */
  maxBodyBytes: number;
  /** Whether express would pass the request to the endpoint unchanged (host guard, proxy trust). */
  eligible(req: IncomingMessage): boolean;
  /** Path prefixes mounted in front of the endpoint (admin API, model provider). */
  mountedPrefixes: readonly string[];
  /** Serves one request and its body (`undefined` when it has none), as express's route does. */
  serve(req: IncomingMessage, res: ServerResponse, body: Buffer | undefined): Promise<void>;
  /** Answers a body that could not be read (or a failure while serving), as express's error handler does. */
  fail(error: BodyReadError, req: IncomingMessage, res: ServerResponse): void;
}

/** Why a request body could not be read, shaped as body-parser's errors are. */
export interface BodyReadError {
  status?: number;
  type?: string;
  message?: string;
  length?: number;
}

/**
 * The endpoint's common case without express: a request to exactly `path`, allowed by the host
 * guard, with a plain body (`Content-Length` within the limit, no `Transfer-Encoding`, no
 * `Content-Encoding`) or none. Express's router and body-parser cost more CPU per `tools/list` than
 * the fake server's own work; here the body is read from the stream as body-parser reads it (the
 * same bytes, the same `request aborted` error when the client goes away mid-body) and handed to
 * the same `serve`. Every other request (refusals, other paths, case or trailing-slash variants,
 * query strings, chunked or compressed bodies, oversize bodies) returns `false` untouched, for
 * express to answer exactly as before.
 * @returns a request listener that returns whether it took the request.
 */
export function directEndpoint(
  options: DirectEndpointOptions,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { path, maxBodyBytes, eligible, serve, fail } = options;
  // Only a literal path can be compared as a string; express matches paths case-insensitively,
  // so a path under a mounted prefix in any case goes to express.
  const lower = path.toLowerCase();
  const usable =
    /^\/[A-Za-z0-9._~/-]*$/.test(path) &&
    !options.mountedPrefixes.some((prefix) => {
      const mounted = prefix.toLowerCase();
      return lower === mounted || lower.startsWith(mounted.endsWith('/') ? mounted : `${mounted}/`);
    });
  if (!usable) return () => false;
  const failed = (req: IncomingMessage, res: ServerResponse) => (error: unknown) =>
    fail(error as BodyReadError, req, res);
  return (req, res) => {
    if (req.url !== path) return false;
    const headers = req.headers;
    if (headers['transfer-encoding'] !== undefined || headers['content-encoding'] !== undefined) return false;
    if (!eligible(req)) return false;
    const length = headers['content-length'];
    if (length === undefined) {
      serve(req, res, undefined).catch(failed(req, res));
      return true;
    }
    // Node's parser has checked that Content-Length is a number and frames the body by it.
    const declared = Number(length);
    if (!(declared <= maxBodyBytes)) return false;
    readBody(req, declared, (error, body) => {
      if (error) fail(error, req, res);
      else serve(req, res, body).catch(failed(req, res));
    });
    return true;
  };
}

/**
 * Reads a body of `declared` bytes. A client that goes away first gets body-parser's `request
 * aborted` (400); a stream error its own status and message; a close with neither, no answer (as
 * body-parser).
 */
function readBody(
  req: IncomingMessage,
  declared: number,
  done: (error: BodyReadError | undefined, body?: Buffer) => void,
): void {
  const chunks: Buffer[] = [];
  let received = 0;
  let complete = false;
  const cleanup = () => {
    complete = true;
    req.off('aborted', onAborted);
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('error', onError);
    req.off('close', cleanup);
  };
  const finish = (error: BodyReadError | undefined, body?: Buffer) => {
    if (complete) return;
    cleanup();
    if (error) req.resume();
    done(error, body);
  };
  const onAborted = () => finish({ status: 400, type: 'request.aborted', message: 'request aborted' });
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    chunks.push(chunk);
  };
  const onEnd = () => {
    if (received !== declared)
      finish({
        status: 400,
        type: 'request.size.invalid',
        message: 'request size did not match content length',
      });
    else finish(undefined, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received));
  };
  const onError = (error: Error & { status?: number; statusCode?: number }) =>
    finish({ status: error.status ?? error.statusCode ?? 400, message: error.message });
  req.on('aborted', onAborted);
  req.on('data', onData);
  req.on('end', onEnd);
  req.on('error', onError);
  req.on('close', cleanup);
}
