import { decodeResult, FramedPage, locateResult, pageDigest } from './framed-page.js';

/** The method whose pages the reader reads itself. */
const TOOLS_LIST = 'tools/list';

/**
 * Reads the HTTP responses to `tools/list` requests itself, on the client's own fetch path (the
 * SDK still builds and sends each request: headers, session, authorization, ids, cancellation):
 * a `200 application/json` answer in one of the usual envelope shapes (`locateResult`) is digested
 * (SHA-256 of the result's bytes) before anything is parsed. A page whose digest `isKnown` says the
 * listing already holds is kept as bytes, never parsed; any other page is parsed once, here. Either
 * way the SDK is handed an empty result for that request id (it parses a few bytes, not a page) and
 * {@link take} hands the page to the connection's raw-result hook. Anything else — another method,
 * an error status, an SSE stream, a JSON-RPC error, a result that is not one JSON object, an
 * unusual envelope — passes through to the SDK byte for byte, exactly as before.
 */
export class ListPageReader {
  /** Ids of `tools/list` requests sent and not yet answered. */
  private readonly expected = new Set<string | number>();
  /** Pages read, by request id, until the raw-result hook takes them. */
  private readonly pages = new Map<string | number, FramedPage>();

  /** @param isKnown whether a result digest is one the listing can reuse without decoding. */
  constructor(private readonly isKnown: (digest: string) => boolean) {}

  /** Notes a JSON-RPC request the SDK is sending; only `tools/list` requests are read. */
  expect(message: { method: string; id: string | number }): void {
    if (message.method === TOOLS_LIST) this.expected.add(message.id);
  }

  /**
   * The page read for request `id`, if this reader read it (then once: it is forgotten).
   */
  take(id: string | number): FramedPage | undefined {
    this.expected.delete(id);
    const page = this.pages.get(id);
    this.pages.delete(id);
    return page;
  }

  /** Forgets every request and page (the connection closed). */
  clear(): void {
    this.expected.clear();
    this.pages.clear();
  }

  /**
   * Reads `response` to the request sent with `init` when it answers an expected `tools/list`
   * request (see the class); returns the response to hand to the SDK.
   * @throws whatever reading the body throws (a bound cut, an abort), as the SDK's read would.
   */
  async read(init: RequestInit | undefined, response: Response): Promise<Response> {
    if (this.expected.size === 0 || response.status !== 200) return response;
    const id = this.requestId(init);
    if (id === undefined || !isJson(response.headers.get('content-type'))) return response;
    const body = new Uint8Array(await response.arrayBuffer());
    const page = this.frame(body, id);
    if (!page) return replay(response, body);
    this.expected.delete(id);
    this.pages.set(id, page);
    return replay(response, `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{}}`);
  }

  /** The id of an expected `tools/list` request sent with `init`, if it is one. */
  private requestId(init: RequestInit | undefined): string | number | undefined {
    const body = init?.body;
    if (init?.method !== 'POST' || typeof body !== 'string' || !body.includes(TOOLS_LIST)) return undefined;
    let message: unknown;
    try {
      message = JSON.parse(body);
    } catch {
      return undefined;
    }
    const { id, method } = (message ?? {}) as { id?: unknown; method?: unknown };
    if (method !== TOOLS_LIST || (typeof id !== 'string' && typeof id !== 'number')) return undefined;
    return this.expected.has(id) ? id : undefined;
  }

  /** The page in `body`, or undefined when the SDK must read the response as it is. */
  private frame(body: Uint8Array, id: string | number): FramedPage | undefined {
    const at = locateResult(body, id);
    if (!at) return undefined;
    const bytes = body.subarray(at.start, at.end);
    const digest = pageDigest(bytes);
    // A known digest was decoded and accepted before (only such pages are remembered): same bytes.
    if (this.isKnown(digest)) return new FramedPage(digest, bytes);
    let value: unknown;
    try {
      value = decodeResult(bytes);
    } catch {
      return undefined;
    }
    // What the SDK's JSON-RPC schema demands of a result; anything else fails there, as before.
    const meta = isPlainObject(value) ? value._meta : undefined;
    if (!isPlainObject(value) || (meta !== undefined && !isPlainObject(meta))) return undefined;
    return new FramedPage(digest, undefined, value);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `application/json`, with or without parameters. Where this and the SDK's media-type test could
 * disagree (an odd header), the SDK sees the same headers on the replayed response and decides.
 */
function isJson(contentType: string | null): boolean {
  if (contentType === null || contentType.includes(',')) return false;
  return contentType.split(';', 1)[0]!.trim().toLowerCase() === 'application/json';
}

/** A response like `response` with another body. */
function replay(response: Response, body: Uint8Array | string): Response {
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
