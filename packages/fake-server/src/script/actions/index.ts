import type { ActionContext } from './action-context.js';
import { AddToolAction, applyAddTool } from './add-tool.js';
import { applyChangeSchema, ChangeSchemaAction } from './change-schema.js';
import { applyRemoveTool, RemoveToolAction } from './remove-tool.js';

/** The registry of script actions: one entry per action family, keyed by its `action` tag. */
export const ACTIONS = {
  addTool: { schema: AddToolAction, apply: applyAddTool },
  removeTool: { schema: RemoveToolAction, apply: applyRemoveTool },
  changeSchema: { schema: ChangeSchemaAction, apply: applyChangeSchema },
} as const;

/** Any script action. */
export type ScriptAction = AddToolAction | RemoveToolAction | ChangeSchemaAction;

/** The `action` tags. */
export type ActionName = keyof typeof ACTIONS;

/** Runs one action against the world; returns a one-line description for the transcript. */
export function applyAction(action: ScriptAction, ctx: ActionContext): string {
  const entry = ACTIONS[action.action];
  return (entry.apply as (a: ScriptAction, c: ActionContext) => string)(action, ctx);
}

export type { ActionContext } from './action-context.js';
