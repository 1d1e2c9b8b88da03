import type { WorldInit } from '../world/world.js';
import type { ScriptAction } from './actions/index.js';
import { resolveSettings } from './resolve-settings.js';
import type { ScriptDocument } from './script-document.js';

/**
 * The world a script starts: its settings with defaults filled in, its lists and its `auth` rules.
 * A list is served when the catalog section names it (even empty) or a step changes it.
 */
export function worldInitOf(doc: ScriptDocument): WorldInit {
  const catalog = doc.catalog ?? {};
  const touched = new Set((doc.steps ?? []).flatMap((step) => listsTouchedBy(step.action)));
  const declare = <T>(items: T[] | undefined, kind: string): { items?: T[] } =>
    items !== undefined ? { items } : touched.has(kind) ? { items: [] } : {};
  const resources = declare(catalog.resources, 'resources').items;
  const resourceTemplates = declare(catalog.resourceTemplates, 'resourceTemplates').items;
  const prompts = declare(catalog.prompts, 'prompts').items;
  return {
    settings: resolveSettings(doc),
    lists: {
      tools: catalog.tools ?? [],
      ...(resources ? { resources } : {}),
      ...(resourceTemplates ? { resourceTemplates } : {}),
      ...(prompts ? { prompts } : {}),
    },
    answers: doc.answers ?? [],
    ...(doc.auth ? { auth: doc.auth } : {}),
  };
}

/** The lists (other than tools) an action changes. */
function listsTouchedBy(action: ScriptAction | { action: string; changes?: unknown[] }): string[] {
  const name = action.action;
  if (name === 'mutateBetweenPages')
    return ((action as { changes: ScriptAction[] }).changes ?? []).flatMap(listsTouchedBy);
  if (/Resource$/.test(name)) return ['resources'];
  if (/ResourceTemplate$/.test(name)) return ['resourceTemplates'];
  if (/Prompt$/.test(name)) return ['prompts'];
  if (name === 'emitListChanged') {
    const list = (action as { list?: string }).list;
    return list === undefined || list === 'tools' ? [] : [list];
  }
  return [];
}
