import type { ScriptAction } from '@toolshift/fake-server';
import fc from 'fast-check';
import type { CatalogTool } from './catalog.js';
import { toolName } from './tool-name.js';
import { type ObjectSchema, toolSchema } from './tool-schema.js';

/**
 * A catalog change as an intent (which kind, which tool by position, what new name or schema),
 * resolved against the catalog it lands on by {@link applyCatalogChange}, so any sequence of
 * intents is valid and shrinks well.
 */
export interface CatalogChangeIntent {
  kind: 'add' | 'remove' | 'changeSchema' | 'rename';
  pick: number;
  name: string;
  schema: ObjectSchema;
}

/** One catalog change intent. */
export function catalogChange(): fc.Arbitrary<CatalogChangeIntent> {
  return fc.record({
    kind: fc.constantFrom('add', 'remove', 'changeSchema', 'rename'),
    pick: fc.nat({ max: 20 }),
    name: toolName(),
    schema: toolSchema(),
  });
}

/**
 * Resolves an intent against `tools`: the script action to apply (announced with a change
 * notification) and the catalog after it. An intent that cannot apply as stated (remove from an
 * empty catalog, add a name that exists) becomes the nearest one that can.
 */
export function applyCatalogChange(
  tools: readonly CatalogTool[],
  intent: CatalogChangeIntent,
): { action: ScriptAction; after: CatalogTool[] } {
  const taken = new Set(tools.map((tool) => tool.name));
  const freshName = (base: string) => {
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
    return name;
  };
  const target = tools[intent.pick % Math.max(1, tools.length)];
  if (intent.kind === 'add' || !target) {
    const tool: CatalogTool = { name: freshName(intent.name), inputSchema: intent.schema };
    return { action: { action: 'addTool', tool } as ScriptAction, after: [...tools, tool] };
  }
  switch (intent.kind) {
    case 'remove':
      return {
        action: { action: 'removeTool', name: target.name } as ScriptAction,
        after: tools.filter((tool) => tool !== target),
      };
    case 'changeSchema':
      return {
        action: { action: 'changeSchema', name: target.name, inputSchema: intent.schema } as ScriptAction,
        after: tools.map((tool) => (tool === target ? { ...tool, inputSchema: intent.schema } : tool)),
      };
    default: {
      const to = freshName(intent.name);
      return {
        action: { action: 'renameTool', name: target.name, to } as ScriptAction,
        after: tools.map((tool) => (tool === target ? { ...tool, name: to } : tool)),
      };
    }
  }
}
