import { type Static, Type } from '@sinclair/typebox';
import type { ToolDefinition } from '../../world/tool-definition.js';
import type { ActionContext } from './action-context.js';

/**
 * `changeMetadata`: replaces a tool's `title`, `description`, `annotations` and/or `_meta` in place (same
 * position, new revision); `null` removes the field. Names and schemas stay, so only clients that
 * track metadata notice (§11.6: whether such a change must be announced is open).
 */
export const ChangeMetadataAction = Type.Object(
  {
    action: Type.Literal('changeMetadata'),
    name: Type.String({ minLength: 1 }),
    title: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    description: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    annotations: Type.Optional(Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()])),
    _meta: Type.Optional(Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()])),
    notify: Type.Optional(Type.Boolean({ description: 'Emit the change notification (default true).' })),
  },
  {
    additionalProperties: false,
    description:
      "`changeMetadata`: replaces a tool's `title`, `description`, `annotations` and/or `_meta` in place (same position, new revision); `null` removes the field. Names and schemas stay, so only clients that track metadata notice (§11.6: whether such a change must be announced is open).",
  },
);
export type ChangeMetadataAction = Static<typeof ChangeMetadataAction>;

const FIELDS = ['title', 'description', 'annotations', '_meta'] as const;

export function applyChangeMetadata(action: ChangeMetadataAction, ctx: ActionContext): string {
  const changed = FIELDS.filter((field) => action[field] !== undefined);
  if (changed.length === 0) ctx.fail('changeMetadata names none of title, description, annotations, _meta');
  ctx.mutateCatalog((entries) => {
    const current = entries.get(action.name);
    if (!current) return ctx.fail(`tool '${action.name}' is not in the catalog`);
    const next: Record<string, unknown> = { ...current };
    for (const field of changed) {
      const value = action[field];
      if (value === null) delete next[field];
      else next[field] = value;
    }
    entries.set(action.name, next as ToolDefinition);
  }, action.notify);
  return `changed the ${changed.join(', ')} of '${action.name}'`;
}
