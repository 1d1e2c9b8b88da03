import type { Principal } from './principal.js';
import type { ToolDefinition } from './tool-definition.js';

/** How a tool the principal lacks scopes for is treated (§11.9). */
export type HiddenToolPolicy = 'hide' | 'forbid' | 'hide-and-forbid';

/** What a principal needs to see and call tools (the script's `auth` section, scopes part). */
export interface AccessRules {
  toolScopes?: Readonly<Record<string, readonly string[]>>;
  hiddenTools?: HiddenToolPolicy;
  listScopes?: readonly string[];
  callScopes?: readonly string[];
}

/**
 * Per-principal views of the catalog: which tools a principal sees and may call, from the scopes
 * each tool needs (`auth.toolScopes`). Scopes are plain strings; a principal holds a scope only
 * when it was granted exactly.
 * @see ../shared/spec/mcp-discovery-spec.md §2.1 (lists MAY vary by authorization), §6, §11.9
 */
export class ToolAccess {
  private readonly toolScopes: Map<string, readonly string[]>;
  readonly hiddenTools: HiddenToolPolicy;
  readonly listScopes: readonly string[];
  readonly callScopes: readonly string[];

  constructor(auth: AccessRules | undefined) {
    this.toolScopes = new Map(
      Object.entries(auth?.toolScopes ?? {}).filter(([, scopes]) => scopes.length > 0),
    );
    this.hiddenTools = auth?.hiddenTools ?? 'hide';
    this.listScopes = auth?.listScopes ?? [];
    this.callScopes = auth?.callScopes ?? [];
  }

  /** Scopes from `needed` that `principal` lacks. */
  missing(principal: Principal, needed: readonly string[]): string[] {
    return needed.filter((scope) => !principal.scopes.includes(scope));
  }

  /** Scopes a tool needs (empty when unrestricted). */
  scopesFor(toolName: string): readonly string[] {
    return this.toolScopes.get(toolName) ?? [];
  }

  /** Whether `principal` sees `tool` in `tools/list`. */
  visible(tool: ToolDefinition, principal: Principal): boolean {
    if (this.hiddenTools === 'forbid') return true;
    return this.missing(principal, this.scopesFor(tool.name)).length === 0;
  }

  /**
   * True when some tool is hidden from principals lacking its scopes, so two principals may see
   * different lists (and a listing must be `cacheScope: private`).
   */
  filters(): boolean {
    return this.toolScopes.size > 0 && this.hiddenTools !== 'forbid';
  }

  /** The tools `principal` sees, in catalog order. */
  filter(tools: readonly ToolDefinition[], principal: Principal): ToolDefinition[] {
    if (!this.filters()) return tools as ToolDefinition[];
    return tools.filter((tool) => this.visible(tool, principal));
  }

  /** Moves a tool's scopes to its new name (`renameTool`). */
  rename(from: string, to: string): void {
    const scopes = this.toolScopes.get(from);
    if (scopes === undefined) return;
    this.toolScopes.delete(from);
    this.toolScopes.set(to, scopes);
  }

  /** Sets (or, with `undefined`, clears) the scopes a tool needs. */
  setScopes(toolName: string, scopes: readonly string[] | undefined): void {
    if (scopes === undefined || scopes.length === 0) this.toolScopes.delete(toolName);
    else this.toolScopes.set(toolName, scopes);
  }
}
