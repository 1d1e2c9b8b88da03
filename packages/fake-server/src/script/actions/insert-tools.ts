import { type Static, Type } from '@sinclair/typebox';
import { ScriptTool } from '../tool-schema.js';
import type { ActionContext } from './action-context.js';

/**
 * `insertTools`: new tools at position `at` of the list (0 = the front; past the end = appended), as
 * one new revision. Inserted in front of a listing's offset between two pages, they push tools the
 * client has not seen yet onto a page it already read.
 * @see ../shared/spec/mcp-discovery-spec.md §2.5, §11.1
 */
export const InsertToolsAction = Type.Object(
  {
    action: Type.Literal('insertTools'),
    tools: Type.Array(ScriptTool, { minItems: 1 }),
    at: Type.Integer({ minimum: 0, description: 'Position of the first new tool (0 = the front).' }),
    notify: Type.Optional(Type.Boolean({ description: 'Emit the change notification (default true).' })),
  },
  {
    additionalProperties: false,
    description:
      "`insertTools`: new tools at position `at` of the list (0 = the front; past the end = appended), as one new revision. Inserted in front of a listing's offset between two pages, they push tools the client has not seen yet onto a page it already read.",
  },
);
export type InsertToolsAction = Static<typeof InsertToolsAction>;

export function applyInsertTools(action: InsertToolsAction, ctx: ActionContext): string {
  ctx.mutateCatalog((entries) => {
    const tools = [...entries.values()];
    for (const tool of action.tools)
      if (entries.has(tool.name)) ctx.fail(`tool '${tool.name}' already exists`);
    const at = Math.min(action.at, tools.length);
    tools.splice(at, 0, ...action.tools);
    entries.clear();
    for (const tool of tools) {
      if (entries.has(tool.name)) ctx.fail(`the new tools name '${tool.name}' twice`);
      entries.set(tool.name, tool);
    }
  }, action.notify);
  return `inserted ${action.tools.map((tool) => `'${tool.name}'`).join(', ')} at position ${action.at}`;
}
