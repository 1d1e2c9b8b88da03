/** The transport an exchange travelled on. Each transport sets it; the server never branches on it. */
export type TransportKind = 'http' | 'stdio' | 'in-memory' | 'msw';

/**
 * One frame handed from a transport to the server: the raw body plus an envelope. Transports move
 * bytes and never read a method name or an era; the server parses, routes and records.
 */
export interface WireRequest {
  transport: TransportKind;
  /** HTTP method (`POST`, `GET`, `DELETE`, …); absent on stdio and in-memory. */
  httpMethod?: string;
  /** Request headers, names lower-cased. Empty on stdio and in-memory. */
  headers: Record<string, string>;
  /**
   * The absolute URL of the endpoint the request was sent to (HTTP), e.g. `http://127.0.0.1:5/mcp`;
   * the server derives auth challenges and protected-resource metadata from it.
   */
  endpointUrl?: string;
  /** The raw body text (one JSON-RPC message, or garbage); absent for a bodiless GET/DELETE. */
  body?: string;
  /**
   * Identifies a connection-oriented channel (stdio, in-memory) so legacy state can be tied to it the
   * way HTTP ties it to `Mcp-Session-Id`. Absent on HTTP.
   */
  connectionId?: string;
}
