import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import { LIST_SPECS, type ListKind } from '../../world/list-kind.js';
import { ScriptPrompt } from '../prompt-schema.js';
import { ScriptResource, ScriptResourceTemplate } from '../resource-schema.js';
import type { ActionContext } from './action-context.js';

const Notify = Type.Optional(
  Type.Boolean({ description: 'Emit the list_changed notification (default true).' }),
);

/**
 * The add/remove/change actions of one list, built from its item schema: one implementation for
 * resources, resource templates and prompts (tools keep their own names: `addTool`, `removeTool`,
 * `changeMetadata`, …).
 */
function listActions<const A extends string, const R extends string, const C extends string>(
  kind: Exclude<ListKind, 'tools'>,
  names: { add: A; remove: R; change: C },
  itemField: string,
  itemSchema: TObject,
) {
  const spec = LIST_SPECS[kind];
  const key = spec.keyField;
  const add = Type.Object(
    { action: Type.Literal(names.add), [itemField]: itemSchema, notify: Notify },
    {
      additionalProperties: false,
      description: `\`${names.add}\`: appends a ${spec.noun} to its list (new revision) and, unless \`notify: false\`, announces it.`,
    },
  );
  const remove = Type.Object(
    { action: Type.Literal(names.remove), [key]: Type.String({ minLength: 1 }), notify: Notify },
    {
      additionalProperties: false,
      description: `\`${names.remove}\`: removes a ${spec.noun} by its ${key} (new revision) and, unless \`notify: false\`, announces it.`,
    },
  );
  const change = Type.Object(
    {
      action: Type.Literal(names.change),
      [key]: Type.String({ minLength: 1 }),
      set: Type.Record(Type.String({ minLength: 1 }), Type.Unknown(), {
        minProperties: 1,
        description: `Fields to set on the ${spec.noun} (\`null\` removes one; its ${key} cannot change).`,
      }),
      notify: Notify,
    },
    {
      additionalProperties: false,
      description: `\`${names.change}\`: changes fields of a ${spec.noun} in place (same position, new revision) and, unless \`notify: false\`, announces it.`,
    },
  );
  const label = (value: unknown) => `${spec.noun} '${String(value)}'`;
  return {
    [names.add]: {
      schema: add as TSchema,
      apply: (action: Record<string, unknown>, ctx: ActionContext): string => {
        const item = action[itemField] as Record<string, unknown>;
        ctx.mutateLists(
          (lists) => {
            const entries = lists.of(kind) as Map<string, unknown>;
            if (entries.has(String(item[key]))) ctx.fail(`${label(item[key])} already exists`);
            entries.set(String(item[key]), item);
          },
          action.notify as boolean | undefined,
        );
        return `added ${label(item[key])}`;
      },
    },
    [names.remove]: {
      schema: remove as TSchema,
      apply: (action: Record<string, unknown>, ctx: ActionContext): string => {
        ctx.mutateLists(
          (lists) => {
            if (!lists.of(kind).delete(String(action[key])))
              ctx.fail(`${label(action[key])} is not in its list`);
          },
          action.notify as boolean | undefined,
        );
        return `removed ${label(action[key])}`;
      },
    },
    [names.change]: {
      schema: change as TSchema,
      apply: (action: Record<string, unknown>, ctx: ActionContext): string => {
        const set = action.set as Record<string, unknown>;
        if (key in set) ctx.fail(`the ${key} of a ${spec.noun} cannot change; remove it and add another`);
        ctx.mutateLists(
          (lists) => {
            const entries = lists.of(kind) as Map<string, Record<string, unknown>>;
            const current = entries.get(String(action[key]));
            if (!current) return ctx.fail(`${label(action[key])} is not in its list`);
            const next: Record<string, unknown> = { ...current };
            for (const [field, value] of Object.entries(set)) {
              if (value === null) delete next[field];
              else next[field] = value;
            }
            entries.set(String(action[key]), next);
          },
          action.notify as boolean | undefined,
        );
        return `changed the ${Object.keys(set).join(', ')} of ${label(action[key])}`;
      },
    },
  } as unknown as Record<
    A | R | C,
    { schema: TSchema; apply: (action: never, ctx: ActionContext) => string }
  >;
}

/** `addResource`, `removeResource`, `changeResource`. */
export const RESOURCE_ACTIONS = listActions(
  'resources',
  { add: 'addResource', remove: 'removeResource', change: 'changeResource' },
  'resource',
  ScriptResource,
);
/** `addResourceTemplate`, `removeResourceTemplate`, `changeResourceTemplate`. */
export const RESOURCE_TEMPLATE_ACTIONS = listActions(
  'resourceTemplates',
  { add: 'addResourceTemplate', remove: 'removeResourceTemplate', change: 'changeResourceTemplate' },
  'resourceTemplate',
  ScriptResourceTemplate,
);
/** `addPrompt`, `removePrompt`, `changePrompt`. */
export const PROMPT_ACTIONS = listActions(
  'prompts',
  { add: 'addPrompt', remove: 'removePrompt', change: 'changePrompt' },
  'prompt',
  ScriptPrompt,
);

/** An `addResource` action. */
export type AddResourceAction = { action: 'addResource'; resource: ScriptResource; notify?: boolean };
/** A `removeResource` action. */
export type RemoveResourceAction = { action: 'removeResource'; uri: string; notify?: boolean };
/** A `changeResource` action. */
export type ChangeResourceAction = {
  action: 'changeResource';
  uri: string;
  set: Record<string, unknown>;
  notify?: boolean;
};
/** An `addResourceTemplate` action. */
export type AddResourceTemplateAction = {
  action: 'addResourceTemplate';
  resourceTemplate: ScriptResourceTemplate;
  notify?: boolean;
};
/** A `removeResourceTemplate` action. */
export type RemoveResourceTemplateAction = {
  action: 'removeResourceTemplate';
  uriTemplate: string;
  notify?: boolean;
};
/** A `changeResourceTemplate` action. */
export type ChangeResourceTemplateAction = {
  action: 'changeResourceTemplate';
  uriTemplate: string;
  set: Record<string, unknown>;
  notify?: boolean;
};
/** An `addPrompt` action. */
export type AddPromptAction = { action: 'addPrompt'; prompt: ScriptPrompt; notify?: boolean };
/** A `removePrompt` action. */
export type RemovePromptAction = { action: 'removePrompt'; name: string; notify?: boolean };
/** A `changePrompt` action. */
export type ChangePromptAction = {
  action: 'changePrompt';
  name: string;
  set: Record<string, unknown>;
  notify?: boolean;
};

/** Any add/remove/change action of resources, resource templates or prompts. */
export type ListItemAction =
  | AddResourceAction
  | RemoveResourceAction
  | ChangeResourceAction
  | AddResourceTemplateAction
  | RemoveResourceTemplateAction
  | ChangeResourceTemplateAction
  | AddPromptAction
  | RemovePromptAction
  | ChangePromptAction;
