import { connectionFrames, type RunRecord } from './run-record.js';
import { listExchanges } from './tool-listings.js';

/**
 * Every tool name `run`'s server ever offered this connection (in any `tools/list` answer) or holds
 * at the end: what a check's tool-name parameter can refer to on this server. A check no `server:`
 * narrows is applied to every server, and a name none of this server's catalogs held is another
 * server's concern.
 */
export function serverToolNames(run: RunRecord): Set<string> {
  const names = new Set(run.finalCatalog.tools.map((tool) => tool.name));
  for (const exchange of listExchanges(connectionFrames(run, run.serverId)))
    for (const tool of exchange.tools ?? []) names.add(tool.name);
  return names;
}

/**
 * Whether a tool name a check's parameters give is this server's to judge: always in a run with one
 * server (a name it never offered is then a plain miss); with several, only a name this server
 * offered or holds (`serverToolNames`), the others being another server's.
 */
export function namesForServer(run: RunRecord): (name: string) => boolean {
  if (!run.servers || Object.keys(run.servers).length < 2) return () => true;
  const known = serverToolNames(run);
  return (name) => known.has(name);
}
