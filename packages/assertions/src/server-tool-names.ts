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
