import type { AddToolAction } from './actions/add-tool.js';
import type { ChangeSchemaAction } from './actions/change-schema.js';
import type { ScriptAction } from './actions/index.js';
import type { RemoveToolAction } from './actions/remove-tool.js';
import { parseScript } from './parse-script.js';
import type { ScriptDocument, ScriptStep } from './script-document.js';
import type { ScriptTool } from './tool-schema.js';
import type { ScriptTrigger } from './trigger.js';

/**
 * A typed builder for script documents. `build()` returns the same JSON a hand-written script file
 * holds, validated by the same rules.
 *
 * @example
 * const doc = scriptBuilder('tool-added').tools(alpha).pageSize(2).step('add-beta', addTool(beta)).build();
 */
export class ScriptBuilder {
  private readonly doc: ScriptDocument;

  constructor(name?: string) {
    this.doc = { toolshiftScript: 1, ...(name ? { name } : {}) };
  }

  /** Seed for session ids and cursors. */
  seed(seed: number): this {
    this.doc.seed = seed;
    return this;
  }

  /** Server identity and capabilities. */
  server(server: NonNullable<ScriptDocument['server']>): this {
    this.doc.server = { ...this.doc.server, ...server };
    return this;
  }

  /** Restricts the eras the server answers (default: both). */
  eras(...eras: Array<'legacy' | 'modern'>): this {
    return this.server({ eras });
  }

  /** Appends tools to the initial catalog. */
  tools(...tools: ScriptTool[]): this {
    this.doc.catalog = { ...this.doc.catalog, tools: [...(this.doc.catalog?.tools ?? []), ...tools] };
    return this;
  }

  /** Tools per `tools/list` page. */
  pageSize(pageSize: number, cursorStyle?: 'opaque' | 'offset'): this {
    this.doc.pagination = { ...this.doc.pagination, pageSize, ...(cursorStyle ? { cursorStyle } : {}) };
    return this;
  }

  /** `ttlMs` / `cacheScope` on modern results. */
  freshness(freshness: NonNullable<ScriptDocument['freshness']>): this {
    this.doc.freshness = { ...this.doc.freshness, ...freshness };
    return this;
  }

  /** Adds a step; the trigger defaults to `{ manual: true }`. */
  step(id: string, action: ScriptAction, trigger?: ScriptTrigger): this {
    const step: ScriptStep = { id, action, ...(trigger ? { trigger } : {}) };
    this.doc.steps = [...(this.doc.steps ?? []), step];
    return this;
  }

  /**
   * Returns a deep copy of the document after validating it.
   * @throws {ScriptError} SCRIPT_INVALID / SCRIPT_UNKNOWN_TOOL as `parseScript`.
   */
  build(): ScriptDocument {
    return parseScript(structuredClone(this.doc), `<builder${this.doc.name ? ` ${this.doc.name}` : ''}>`);
  }
}

/** Starts a {@link ScriptBuilder}. */
export function scriptBuilder(name?: string): ScriptBuilder {
  return new ScriptBuilder(name);
}

/** An `addTool` action. */
export function addTool(tool: ScriptTool, options: { notify?: boolean } = {}): AddToolAction {
  return { action: 'addTool', tool, ...options };
}

/** A `removeTool` action. */
export function removeTool(name: string, options: { notify?: boolean } = {}): RemoveToolAction {
  return { action: 'removeTool', name, ...options };
}

/** A `changeSchema` action. */
export function changeSchema(
  name: string,
  schemas: {
    inputSchema?: ChangeSchemaAction['inputSchema'];
    outputSchema?: ChangeSchemaAction['outputSchema'];
  },
  options: { notify?: boolean } = {},
): ChangeSchemaAction {
  return { action: 'changeSchema', name, ...schemas, ...options };
}
