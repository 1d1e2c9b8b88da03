/** `@toolshift/fake-server/msw`: msw 2.x request handlers serving a fake server with no port (needs `msw`). */

export type { MswHandlersOptions } from './transports/msw/create-msw-handlers.js';
export { createMswHandlers } from './transports/msw/create-msw-handlers.js';
