import { type Static, Type } from '@sinclair/typebox';
import { SeededRandom } from '../../world/seeded-random.js';
import type { ToolDefinition } from '../../world/tool-definition.js';
import type { ActionContext } from './action-context.js';

/**
 * `reorderTools`: the same tools in another order (a Fisher–Yates shuffle seeded by `seed`, default
 * the script seed, so the order is the same on every run), as one new revision. Between two pages
 * of a listing it makes offsets point elsewhere: tools are served twice or never.
 * @see ../shared/spec/mcp-discovery-spec.md §2.5 (order is not specified), §11.1
 */
export const ReorderToolsAction = Type.Object(
  {
    action: Type.Literal('reorderTools'),
    seed: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 ** 31 - 1, description: 'Shuffle seed.' })),
    notify: Type.Optional(Type.Boolean({ description: 'Emit the change notification (default true).' })),
  },
  {
    additionalProperties: false,
    description:
      '`reorderTools`: the same tools in another order (a Fisher–Yates shuffle seeded by `seed`, default the script seed, so the order is the same on every run), as one new revision. Between two pages of a listing it makes offsets point elsewhere: tools are served twice or never.',
  },
);
export type ReorderToolsAction = Static<typeof ReorderToolsAction>;

export function applyReorderTools(action: ReorderToolsAction, ctx: ActionContext): string {
  const random = new SeededRandom(action.seed ?? ctx.world.settings.seed);
  ctx.mutateCatalog((entries) => {
    const tools = [...entries.values()];
    for (let i = tools.length - 1; i > 0; i--) {
      const j = random.int(0, i);
      [tools[i], tools[j]] = [tools[j] as ToolDefinition, tools[i] as ToolDefinition];
    }
    entries.clear();
    for (const tool of tools) entries.set(tool.name, tool);
  }, action.notify);
  return `reordered ${ctx.world.catalog.size} tools (seed ${action.seed ?? ctx.world.settings.seed})`;
}
