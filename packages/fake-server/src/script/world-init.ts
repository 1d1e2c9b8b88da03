import type { WorldInit } from '../world/world.js';
import { resolveSettings } from './resolve-settings.js';
import type { ScriptDocument } from './script-document.js';

/** The world a script starts: its settings with defaults filled in, its catalog and its `auth` rules. */
export function worldInitOf(doc: ScriptDocument): WorldInit {
  return {
    settings: resolveSettings(doc),
    tools: doc.catalog?.tools ?? [],
    ...(doc.auth ? { auth: doc.auth } : {}),
  };
}
