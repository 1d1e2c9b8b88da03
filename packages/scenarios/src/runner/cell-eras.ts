import type { Era, ScriptDocument } from '@toolshift/fake-server';
import type { CellEra } from '../scenario.js';

/** The eras an endpoint serves in a cell of `era`: the cell's (both for `dual`). */
export function cellEndpointEras(era: CellEra): Era[] {
  return era === 'dual' ? ['legacy', 'modern'] : [era];
}

/**
 * The script a cell plays: `script` serving the cell's eras, unless the script pins `server.eras`
 * itself (e.g. a legacy-only server in a cell that asks the client to prefer modern).
 */
export function scriptForCell(script: ScriptDocument, era: CellEra): ScriptDocument {
  if (script.server?.eras !== undefined) return script;
  return { ...script, server: { ...script.server, eras: cellEndpointEras(era) } };
}
