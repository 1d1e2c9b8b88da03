import { type Static, Type } from '@sinclair/typebox';
import { ScriptTool } from '../tool-schema.js';
import type { ActionContext } from './action-context.js';

/** The snapshot every server has: the catalog as it stood once the `atStart` steps ran. */
export const INITIAL_SNAPSHOT = 'initial';

/** `saveSnapshot`: remembers the current catalog under `name`, for a later `restoreSnapshot`. */
export const SaveSnapshotAction = Type.Object(
  { action: Type.Literal('saveSnapshot'), name: Type.String({ minLength: 1 }) },
  {
    additionalProperties: false,
    description: '`saveSnapshot`: remembers the current catalog under `name`, for a later `restoreSnapshot`.',
  },
);
export type SaveSnapshotAction = Static<typeof SaveSnapshotAction>;

/**
 * `restoreSnapshot`: replaces the catalog with a saved snapshot (`name`: `initial` or one saved by
 * `saveSnapshot`) or with inline `tools` (e.g. a `FakeServer.snapshot()`), as one new revision.
 */
export const RestoreSnapshotAction = Type.Object(
  {
    action: Type.Literal('restoreSnapshot'),
    name: Type.Optional(Type.String({ minLength: 1 })),
    tools: Type.Optional(Type.Array(ScriptTool)),
    notify: Type.Optional(Type.Boolean({ description: 'Emit the change notification (default true).' })),
  },
  {
    additionalProperties: false,
    description:
      '`restoreSnapshot`: replaces the catalog with a saved snapshot (`name`: `initial` or one saved by `saveSnapshot`) or with inline `tools` (e.g. a `FakeServer.snapshot()`), as one new revision.',
  },
);
export type RestoreSnapshotAction = Static<typeof RestoreSnapshotAction>;

export function applySaveSnapshot(action: SaveSnapshotAction, ctx: ActionContext): string {
  ctx.world.snapshots.set(action.name, ctx.world.catalog.items());
  return `saved snapshot '${action.name}' (${ctx.world.catalog.size} tools)`;
}

export function applyRestoreSnapshot(action: RestoreSnapshotAction, ctx: ActionContext): string {
  if ((action.name === undefined) === (action.tools === undefined)) {
    ctx.fail('restoreSnapshot needs exactly one of name and tools');
  }
  const tools = action.tools ?? ctx.world.snapshots.get(action.name ?? '');
  if (!tools) return ctx.fail(`no snapshot named '${action.name}' was saved`);
  ctx.mutateCatalog((entries) => {
    entries.clear();
    for (const tool of tools) {
      if (entries.has(tool.name)) ctx.fail(`the snapshot holds '${tool.name}' twice`);
      entries.set(tool.name, tool);
    }
  }, action.notify);
  return `restored ${action.name !== undefined ? `snapshot '${action.name}'` : 'an inline snapshot'} (${tools.length} tools)`;
}
