/** `@toolshift/fake-server/http`: the Streamable HTTP transport (express 5) and the standalone admin server. */

export type { AdminServer, AdminServerOptions } from './transports/http/admin-server.js';
export { startAdminServer } from './transports/http/admin-server.js';
export type { HttpTransport, HttpTransportOptions } from './transports/http/http-transport.js';
export { startHttpTransport } from './transports/http/http-transport.js';
