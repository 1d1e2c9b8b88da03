import type { ScenarioTransport } from '../../scenario.js';
import { serveHttp } from './serve-http.js';
import type { ServeFunction } from './served-server.js';

/** How the runner serves a fake server over each transport a cell can use (absent: not available yet). */
export const SERVE: Readonly<Partial<Record<ScenarioTransport, ServeFunction>>> = {
  http: serveHttp,
};

export type { ServedServer, ServeFunction } from './served-server.js';
