import { type Static, Type } from '@sinclair/typebox';
import { StringEnum } from '../../json-schema/string-enum.js';
import { ScriptTool } from '../tool-schema.js';
import type { ActionContext } from './action-context.js';

/**
 * `restartServer`: the server process "restarts": every legacy session and modern subscription is
 * gone and their streams are reset (`mode: drop`, default) or ended (`graceful`); with `tools` the
 * server comes back with that catalog (one new revision). Settings, tokens and armed faults stay.
 * @see ../shared/spec/mcp-discovery-spec.md §4.2 (stdio: no state across restarts), §5.2
 */
export const RestartServerAction = Type.Object(
  {
    action: Type.Literal('restartServer'),
    tools: Type.Optional(Type.Array(ScriptTool)),
    mode: Type.Optional(StringEnum(['graceful', 'drop'])),
  },
  {
    additionalProperties: false,
    description:
      '`restartServer`: the server process "restarts": every legacy session and modern subscription is gone and their streams are reset (`mode: drop`, default) or ended (`graceful`); with `tools` the server comes back with that catalog (one new revision). Settings, tokens and armed faults stay.',
  },
);
export type RestartServerAction = Static<typeof RestartServerAction>;

export function applyRestartServer(action: RestartServerAction, ctx: ActionContext): string {
  if (action.tools) {
    const names = new Set<string>();
    for (const tool of action.tools) {
      if (names.has(tool.name)) ctx.fail(`the new catalog holds '${tool.name}' twice`);
      names.add(tool.name);
    }
  }
  ctx.restart(action.tools, action.mode ?? 'drop');
  return `restarted the server${action.tools ? ` with ${action.tools.length} tools` : ''}`;
}
