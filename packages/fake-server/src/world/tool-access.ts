import { type HiddenToolPolicy, ListAccess } from './list-access.js';
import type { ToolDefinition } from './tool-definition.js';

export type { HiddenToolPolicy } from './list-access.js';

/** What a principal needs to see and use list items (the script's `auth` section, scopes part). */
export interface AccessRules {
  toolScopes?: Readonly<Record<string, readonly string[]>>;
  /** Scopes per resource URI (and per resource template `uriTemplate`). */
  resourceScopes?: Readonly<Record<string, readonly string[]>>;
  promptScopes?: Readonly<Record<string, readonly string[]>>;
  hiddenTools?: HiddenToolPolicy;
  listScopes?: readonly string[];
  callScopes?: readonly string[];
}

/**
 * The per-principal view of the tool list ({@link ListAccess} keyed by tool name), plus the scopes
 * every `tools/list` and `tools/call` needs.
 * @see ../shared/spec/mcp-discovery-spec.md §2.1, §6, §11.9
 */
export class ToolAccess extends ListAccess<ToolDefinition> {
  readonly listScopes: readonly string[];
  readonly callScopes: readonly string[];

  constructor(auth: AccessRules | undefined) {
    super(auth?.toolScopes, auth?.hiddenTools ?? 'hide', (tool) => tool.name);
    this.listScopes = auth?.listScopes ?? [];
    this.callScopes = auth?.callScopes ?? [];
  }

  /** How a tool the principal lacks scopes for is treated. */
  get hiddenTools(): HiddenToolPolicy {
    return this.hidden;
  }
}
