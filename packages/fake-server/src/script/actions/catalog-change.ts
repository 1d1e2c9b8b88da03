import { Type } from '@sinclair/typebox';
import type { ActionContext } from './action-context.js';
import { AddToolAction, applyAddTool } from './add-tool.js';
import { applyChangeMetadata, ChangeMetadataAction } from './change-metadata.js';
import { applyChangeSchema, ChangeSchemaAction } from './change-schema.js';
import { applyGenerateTools, GenerateToolsAction } from './generate-tools.js';
import { applyInsertTools, InsertToolsAction } from './insert-tools.js';
import {
  type ListItemAction,
  PROMPT_ACTIONS,
  RESOURCE_ACTIONS,
  RESOURCE_TEMPLATE_ACTIONS,
} from './list-item-actions.js';
import { applyRemoveTool, RemoveToolAction } from './remove-tool.js';
import { applyRenameTool, RenameToolAction } from './rename-tool.js';
import { applyReorderTools, ReorderToolsAction } from './reorder-tools.js';

/** The list actions, which can also be combined into one revision per list (`mutateBetweenPages`). */
const CATALOG_CHANGES = {
  ...RESOURCE_ACTIONS,
  ...RESOURCE_TEMPLATE_ACTIONS,
  ...PROMPT_ACTIONS,
  addTool: { schema: AddToolAction, apply: applyAddTool },
  removeTool: { schema: RemoveToolAction, apply: applyRemoveTool },
  renameTool: { schema: RenameToolAction, apply: applyRenameTool },
  reorderTools: { schema: ReorderToolsAction, apply: applyReorderTools },
  insertTools: { schema: InsertToolsAction, apply: applyInsertTools },
  changeSchema: { schema: ChangeSchemaAction, apply: applyChangeSchema },
  changeMetadata: { schema: ChangeMetadataAction, apply: applyChangeMetadata },
  generateTools: { schema: GenerateToolsAction, apply: applyGenerateTools },
} as const;

/** One list change. */
export type CatalogChange =
  | ListItemAction
  | AddToolAction
  | RemoveToolAction
  | RenameToolAction
  | ReorderToolsAction
  | InsertToolsAction
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
 * Applies several list changes as one revision per list touched: every change runs against the
 * same working copies and each list commits once (or none does, when one change fails). Announces
 * unless `notify: false`.
 */
export function applyCatalogChanges(
  changes: readonly CatalogChange[],
  ctx: ActionContext,
  notify: boolean | undefined,
): string[] {
  const notes: string[] = [];
  ctx.mutateLists((lists) => {
    const inner: ActionContext = {
      ...ctx,
      mutateLists: (change) => change(lists),
      mutateCatalog: (change) => change(lists.of('tools')),
    };
    for (const change of changes) {
      const entry = CATALOG_CHANGES[change.action];
      notes.push((entry.apply as (a: CatalogChange, c: ActionContext) => string)(change, inner));
    }
  }, notify);
  return notes;
}
