/** `@toolshift/fake-server/http`: the Streamable HTTP transport (express 5) and the standalone admin server. */

export type { AdminServer, AdminServerOptions } from './transports/http/admin-server.js';
export { startAdminServer } from './transports/http/admin-server.js';
export type { HttpTransport, HttpTransportOptions } from './transports/http/http-transport.js';
export { startHttpTransport } from './transports/http/http-transport.js';
export type { ModelBaseUrls } from './transports/http/model-router.js';
export { MODEL_PATH_PREFIXES, modelBaseUrls } from './transports/http/model-router.js';
export type { ModelServer, ModelServerOptions } from './transports/http/serve-model-provider.js';
export { serveModelProvider } from './transports/http/serve-model-provider.js';
