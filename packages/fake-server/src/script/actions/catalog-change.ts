import { Type } from '@sinclair/typebox';
import type { ActionContext } from './action-context.js';
import { AddToolAction, applyAddTool } from './add-tool.js';
import { applyChangeMetadata, ChangeMetadataAction } from './change-metadata.js';
import { applyChangeSchema, ChangeSchemaAction } from './change-schema.js';
import { applyGenerateTools, GenerateToolsAction } from './generate-tools.js';
import { applyRemoveTool, RemoveToolAction } from './remove-tool.js';
import { applyRenameTool, RenameToolAction } from './rename-tool.js';

/** The catalog actions, which can also be combined into one revision (`mutateBetweenPages`). */
const CATALOG_CHANGES = {
  addTool: { schema: AddToolAction, apply: applyAddTool },
  removeTool: { schema: RemoveToolAction, apply: applyRemoveTool },
  renameTool: { schema: RenameToolAction, apply: applyRenameTool },
  changeSchema: { schema: ChangeSchemaAction, apply: applyChangeSchema },
  changeMetadata: { schema: ChangeMetadataAction, apply: applyChangeMetadata },
  generateTools: { schema: GenerateToolsAction, apply: applyGenerateTools },
} as const;

/** One catalog change. */
export type CatalogChange =
  | AddToolAction
  | RemoveToolAction
  | RenameToolAction
  | ChangeSchemaAction
  | ChangeMetadataAction
  | GenerateToolsAction;

/** JSON Schema of {@link CatalogChange}: a tagged union on `action`. */
export const CatalogChangeSchema = Type.Unsafe<CatalogChange>({
  type: 'object',
  required: ['action'],
  discriminator: { propertyName: 'action' },
  oneOf: Object.values(CATALOG_CHANGES).map((entry) => entry.schema),
});

/**
 * Applies several catalog changes as one revision: every change runs against the same working copy
 * and the catalog commits once (or not at all, when one fails). Announces unless `notify: false`.
 */
export function applyCatalogChanges(
  changes: readonly CatalogChange[],
  ctx: ActionContext,
  notify: boolean | undefined,
): string[] {
  const notes: string[] = [];
  ctx.mutateCatalog((entries) => {
    const inner: ActionContext = { ...ctx, mutateCatalog: (change) => change(entries) };
    for (const change of changes) {
      const entry = CATALOG_CHANGES[change.action];
      notes.push((entry.apply as (a: CatalogChange, c: ActionContext) => string)(change, inner));
    }
  }, notify);
  return notes;
}
