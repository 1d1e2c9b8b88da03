import { type Static, Type } from '@sinclair/typebox';
import { generateTools } from '../../world/tool-generator.js';
import type { ActionContext } from './action-context.js';

/** The largest `count` one `generateTools` action accepts. */
export const MAX_GENERATED_TOOLS = 10_000;

/**
 * `generateTools`: adds `count` realistic tools (names `<prefix>.<verb>_<noun>`, typed input
 * schemas, some output schemas and annotations), deterministic from `seed` (default: the script
 * seed). `startIndex` continues an earlier batch; `replace: true` replaces the whole catalog.
 * One new revision for the whole batch.
 */
export const GenerateToolsAction = Type.Object(
  {
    action: Type.Literal('generateTools'),
    count: Type.Integer({ minimum: 1, maximum: MAX_GENERATED_TOOLS }),
    prefix: Type.Optional(Type.String({ minLength: 1, pattern: '^[A-Za-z0-9_-]+$' })),
    seed: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 ** 31 - 1 })),
    startIndex: Type.Optional(Type.Integer({ minimum: 0 })),
    replace: Type.Optional(Type.Boolean()),
    notify: Type.Optional(Type.Boolean({ description: 'Emit the change notification (default true).' })),
  },
  {
    additionalProperties: false,
    description:
      '`generateTools`: adds `count` realistic tools (names `<prefix>.<verb>_<noun>`, typed input schemas, some output schemas and annotations), deterministic from `seed` (default: the script seed). `startIndex` continues an earlier batch; `replace: true` replaces the whole catalog. One new revision for the whole batch.',
  },
);
export type GenerateToolsAction = Static<typeof GenerateToolsAction>;

export function applyGenerateTools(action: GenerateToolsAction, ctx: ActionContext): string {
  const tools = generateTools({
    count: action.count,
    seed: action.seed ?? ctx.world.settings.seed,
    ...(action.prefix !== undefined ? { prefix: action.prefix } : {}),
    ...(action.startIndex !== undefined ? { startIndex: action.startIndex } : {}),
  });
  ctx.mutateCatalog((entries) => {
    if (action.replace) entries.clear();
    for (const tool of tools) {
      if (entries.has(tool.name))
        ctx.fail(`generated tool '${tool.name}' already exists; use startIndex or a prefix`);
      entries.set(tool.name, tool);
    }
  }, action.notify);
  return `generated ${action.count} tools${action.replace ? ' (catalog replaced)' : ''}`;
}
