/** `@toolshift/fake-server/stdio`: serve a fake server over newline-delimited JSON-RPC on stdin/stdout. */

export { StdioStreamClientTransport } from './transports/stdio/stdio-client-transport.js';
export type {
  StdioCloseReason,
  StdioServer,
  StdioServerOptions,
} from './transports/stdio/stdio-transport.js';
export { runStdioServer } from './transports/stdio/stdio-transport.js';
