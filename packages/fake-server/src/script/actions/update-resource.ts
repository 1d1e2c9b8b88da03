import { type Static, Type } from '@sinclair/typebox';
import type { ResourceDefinition } from '../../world/resource-definition.js';
import type { ActionContext } from './action-context.js';

/**
 * `updateResource`: a resource's contents changed (what `resources/read` returns from now on, when
 * `contents` is given): every client subscribed to its URI gets `notifications/resources/updated`
 * (legacy `resources/subscribe`; modern listen `resourceSubscriptions`), unless `notify: false`.
 * The resource list itself is unchanged (no `list_changed`).
 * @see ../shared/spec/mcp-discovery-spec.md §4.2, §8
 */
export const UpdateResourceAction = Type.Object(
  {
    action: Type.Literal('updateResource'),
    uri: Type.String({ minLength: 1 }),
    contents: Type.Optional(
      Type.Array(Type.Object({}, { additionalProperties: true }), {
        description: 'The new contents (entries as in catalog.resources[].contents).',
      }),
    ),
    notify: Type.Optional(
      Type.Boolean({ description: 'Send notifications/resources/updated to subscribers (default true).' }),
    ),
  },
  {
    additionalProperties: false,
    description:
      "`updateResource`: a resource's contents changed (what `resources/read` returns from now on, when `contents` is given): every client subscribed to its URI gets `notifications/resources/updated` (legacy `resources/subscribe`; modern listen `resourceSubscriptions`), unless `notify: false`. The resource list itself is unchanged (no `list_changed`).",
  },
);
export type UpdateResourceAction = Static<typeof UpdateResourceAction>;

export function applyUpdateResource(action: UpdateResourceAction, ctx: ActionContext): string {
  const current = ctx.world.lists.resources.get(action.uri);
  if (!current) ctx.fail(`resource '${action.uri}' is not in its list`);
  if (action.contents) {
    const contents = action.contents as ResourceDefinition['contents'];
    ctx.mutateLists((lists) => {
      lists.of('resources').set(action.uri, { ...current, contents });
    }, false);
  }
  if (action.notify !== false) ctx.resourceUpdated(action.uri);
  return `updated resource '${action.uri}'${action.contents ? ' (new contents)' : ''}`;
}
