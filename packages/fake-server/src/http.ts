/** `@toolshift/fake-server/http`: the Streamable HTTP transport (express 5). */

export { HTTP_TRANSPORT_CAPABILITIES } from './transports/http/http-capabilities.js';
export type { HttpTransport, HttpTransportOptions } from './transports/http/http-transport.js';
export { startHttpTransport } from './transports/http/http-transport.js';
