/** `@toolshift/fake-server/stdio`: serve a fake server over newline-delimited JSON-RPC on stdin/stdout. */

export type {
  StdioCloseReason,
  StdioServer,
  StdioServerOptions,
} from './transports/stdio/stdio-transport.js';
export { runStdioServer } from './transports/stdio/stdio-transport.js';
