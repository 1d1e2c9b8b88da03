import type { ScenarioTransport } from '../../scenario.js';
import { serveHttp } from './serve-http.js';
import { serveInMemory } from './serve-in-memory.js';
import { serveMsw } from './serve-msw.js';
import { serveStdio } from './serve-stdio.js';
import type { ServeFunction } from './served-server.js';

/** How the runner serves a fake server over each transport a cell can use. */
export const SERVE: Readonly<Record<ScenarioTransport, ServeFunction>> = {
  http: serveHttp,
  msw: serveMsw,
  'in-memory': serveInMemory,
  stdio: serveStdio,
};

export type { ServedServer, ServeFunction } from './served-server.js';
