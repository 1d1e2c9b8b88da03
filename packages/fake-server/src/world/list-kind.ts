/**
 * The lists a server offers (2026-07-28 and 2025-11-25 alike): tools, resources, resource templates
 * and prompts. Each is paginated the same way and changes the same way; a list belongs to a family
 * whose capability advertises it and whose `list_changed` notification announces its changes
 * (resources and resource templates share `resources`).
 * @see ../shared/spec/mcp-discovery-spec.md §2, §4
 */
export const LIST_KINDS = ['tools', 'resources', 'resourceTemplates', 'prompts'] as const;
export type ListKind = (typeof LIST_KINDS)[number];

/** A capability family: `tools`, `resources` (resources and templates) or `prompts`. */
export const LIST_FAMILIES = ['tools', 'resources', 'prompts'] as const;
export type ListFamily = (typeof LIST_FAMILIES)[number];

/** What the wire says about one list. */
export interface ListSpec {
  kind: ListKind;
  family: ListFamily;
  /** The listing method, e.g. `resources/templates/list`. */
  method: string;
  /** The result field holding the page's items, e.g. `resourceTemplates`. */
  resultKey: string;
  /** The item field that identifies it in the list (`name`, `uri`, `uriTemplate`). */
  keyField: 'name' | 'uri' | 'uriTemplate';
  /** A singular noun for messages. */
  noun: string;
}

/** The specs of every list, by kind. */
export const LIST_SPECS: Readonly<Record<ListKind, ListSpec>> = {
  tools: {
    kind: 'tools',
    family: 'tools',
    method: 'tools/list',
    resultKey: 'tools',
    keyField: 'name',
    noun: 'tool',
  },
  resources: {
    kind: 'resources',
    family: 'resources',
    method: 'resources/list',
    resultKey: 'resources',
    keyField: 'uri',
    noun: 'resource',
  },
  resourceTemplates: {
    kind: 'resourceTemplates',
    family: 'resources',
    method: 'resources/templates/list',
    resultKey: 'resourceTemplates',
    keyField: 'uriTemplate',
    noun: 'resource template',
  },
  prompts: {
    kind: 'prompts',
    family: 'prompts',
    method: 'prompts/list',
    resultKey: 'prompts',
    keyField: 'name',
    noun: 'prompt',
  },
};

/** The `list_changed` notification of a family, e.g. `notifications/prompts/list_changed`. */
export function listChangedMethod(family: ListFamily): string {
  return `notifications/${family}/list_changed`;
}

/** The 2026-07-28 listen filter key of a family, e.g. `promptsListChanged`. */
export function listenFilterKey(
  family: ListFamily,
): 'toolsListChanged' | 'resourcesListChanged' | 'promptsListChanged' {
  return `${family}ListChanged`;
}

/** The list kind served by a listing method, or `undefined`. */
export function listKindOfMethod(method: string): ListKind | undefined {
  return LIST_KINDS.find((kind) => LIST_SPECS[kind].method === method);
}
