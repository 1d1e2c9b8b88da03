import type { ScriptAction } from './actions/index.js';
import type { AnswerRuleSchema } from './answers-section.js';
import type { AuthSettings } from './auth-settings.js';
import type { AuthorizationServerSettings } from './authorization-server-settings.js';
import type { FreshnessSettings } from './freshness-settings.js';
import type { ListenSettings } from './listen-settings.js';
import type { NotificationSettings } from './notification-settings.js';
import type { CursorStyle, PaginationSettings } from './pagination-settings.js';
import { parseScript } from './parse-script.js';
import type { ScriptPrompt } from './prompt-schema.js';
import type { ScriptResource, ScriptResourceTemplate } from './resource-schema.js';
import type { ScriptDocument, ScriptStep } from './script-document.js';
import type { StreamSettings } from './stream-settings.js';
import type { ScriptTool } from './tool-schema.js';
import type { ScriptTrigger } from './trigger.js';

/**
 * A typed builder for script documents. `build()` returns the same JSON a hand-written script file
 * holds, validated by the same rules; sections merge field by field when set twice.
 *
 * @example
 * const doc = scriptBuilder('tool-added').tools(alpha).pageSize(2).step('add-beta', addTool(beta)).build();
 */
export class ScriptBuilder {
  private readonly doc: ScriptDocument;

  constructor(name?: string) {
    this.doc = { toolshiftScript: 1, ...(name ? { name } : {}) };
  }

  /** A human description of the script. */
  description(text: string): this {
    this.doc.description = text;
    return this;
  }

  /** Seed for session ids, cursors and generated tools. */
  seed(seed: number): this {
    this.doc.seed = seed;
    return this;
  }

  /** Server identity, eras, `listChanged`, ordinary-error status, legacy session TTL. */
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

  /** Appends resources to the initial catalog (the server then serves resources). */
  resources(...resources: ScriptResource[]): this {
    this.doc.catalog = {
      ...this.doc.catalog,
      resources: [...(this.doc.catalog?.resources ?? []), ...resources],
    };
    return this;
  }

  /** Appends resource templates to the initial catalog (the server then serves resources). */
  resourceTemplates(...templates: ScriptResourceTemplate[]): this {
    this.doc.catalog = {
      ...this.doc.catalog,
      resourceTemplates: [...(this.doc.catalog?.resourceTemplates ?? []), ...templates],
    };
    return this;
  }

  /** Appends prompts to the initial catalog (the server then serves prompts). */
  prompts(...prompts: ScriptPrompt[]): this {
    this.doc.catalog = { ...this.doc.catalog, prompts: [...(this.doc.catalog?.prompts ?? []), ...prompts] };
    return this;
  }

  /** The exact `capabilities` object to advertise, right or wrong (default: derived from what is served). */
  capabilities(capabilities: Record<string, unknown>): this {
    return this.server({ capabilities });
  }

  /** Items per listing page, and optionally the cursor style. */
  pageSize(pageSize: number, cursorStyle?: CursorStyle): this {
    return this.pagination({ pageSize, ...(cursorStyle ? { cursorStyle } : {}) });
  }

  /** The `pagination` section. */
  pagination(pagination: PaginationSettings): this {
    this.doc.pagination = { ...this.doc.pagination, ...pagination };
    return this;
  }

  /** The `freshness` section: `ttlMs` / `cacheScope` on modern results. */
  freshness(freshness: FreshnessSettings): this {
    this.doc.freshness = { ...this.doc.freshness, ...freshness };
    return this;
  }

  /** The `notifications` section. */
  notifications(notifications: NotificationSettings): this {
    this.doc.notifications = { ...this.doc.notifications, ...notifications };
    return this;
  }

  /** The `listen` section. */
  listen(listen: ListenSettings): this {
    this.doc.listen = { ...this.doc.listen, ...listen };
    return this;
  }

  /** The `streams` section. */
  streams(streams: StreamSettings): this {
    this.doc.streams = { ...this.doc.streams, ...streams };
    return this;
  }

  /** The `auth` section. */
  auth(auth: AuthSettings): this {
    this.doc.auth = { ...this.doc.auth, ...auth };
    return this;
  }

  /** Appends scripted answers (results, errors, unanswered requests); earlier ones win. */
  answers(...answers: AnswerRuleSchema[]): this {
    this.doc.answers = [...(this.doc.answers ?? []), ...answers];
    return this;
  }

  /** The `authorizationServer` section: a fake OAuth 2.1 server next to the endpoint. */
  authorizationServer(section: AuthorizationServerSettings): this {
    this.doc.authorizationServer = { ...this.doc.authorizationServer, ...section };
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
    return structuredClone(parseScript(this.doc, `<builder${this.doc.name ? ` ${this.doc.name}` : ''}>`));
  }
}

/** Starts a {@link ScriptBuilder}. */
export function scriptBuilder(name?: string): ScriptBuilder {
  return new ScriptBuilder(name);
}
