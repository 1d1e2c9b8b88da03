/** `@toolshift/fake-server/http`: the Streamable HTTP transport (express 5). */

export type { HttpTransport, HttpTransportOptions } from './transports/http/http-transport.js';
export { startHttpTransport } from './transports/http/http-transport.js';
