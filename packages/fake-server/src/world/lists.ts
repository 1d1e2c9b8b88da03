import { Catalog } from './catalog.js';
import { LIST_KINDS, LIST_SPECS, type ListKind } from './list-kind.js';
import type { PromptDefinition } from './prompt-definition.js';
import type { ResourceDefinition, ResourceTemplateDefinition } from './resource-definition.js';
import type { ToolDefinition } from './tool-definition.js';

/** The item type of each list. */
export interface ListItems {
  tools: ToolDefinition;
  resources: ResourceDefinition;
  resourceTemplates: ResourceTemplateDefinition;
  prompts: PromptDefinition;
}

/** The initial items of each list; a list absent here is not served (its methods get -32601), except tools. */
export type ListsInit = { tools: readonly ToolDefinition[] } & {
  [K in Exclude<ListKind, 'tools'>]?: readonly ListItems[K][];
};

/**
 * The server's four lists, each a {@link Catalog} with its own revision. `tools` is always served;
 * the others only when the script declares them (an empty list counts), so a tools-only script
 * answers `resources/list` with -32601 as before.
 */
export class Lists {
  readonly tools: Catalog<ToolDefinition>;
  readonly resources: Catalog<ResourceDefinition>;
  readonly resourceTemplates: Catalog<ResourceTemplateDefinition>;
  readonly prompts: Catalog<PromptDefinition>;
  private readonly served: Set<ListKind>;

  constructor(init: ListsInit) {
    const keyed =
      <K extends ListKind>(kind: K) =>
      (item: ListItems[K]): string =>
        String((item as Record<string, unknown>)[LIST_SPECS[kind].keyField]);
    this.tools = new Catalog(init.tools, keyed('tools'));
    this.resources = new Catalog(init.resources ?? [], keyed('resources'));
    this.resourceTemplates = new Catalog(init.resourceTemplates ?? [], keyed('resourceTemplates'));
    this.prompts = new Catalog(init.prompts ?? [], keyed('prompts'));
    this.served = new Set(LIST_KINDS.filter((kind) => kind === 'tools' || init[kind] !== undefined));
    // Resources and their templates are one capability: serving one serves both methods.
    if (this.served.has('resources') || this.served.has('resourceTemplates')) {
      this.served.add('resources');
      this.served.add('resourceTemplates');
    }
  }

  /** The list of `kind`. */
  of<K extends ListKind>(kind: K): Catalog<ListItems[K]> {
    return this[kind] as unknown as Catalog<ListItems[K]>;
  }

  /** Whether the server serves the list of `kind` (tools always; others when the script declares them). */
  serves(kind: ListKind): boolean {
    return this.served.has(kind);
  }
}
