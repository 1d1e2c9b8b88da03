import { randomBytes } from 'node:crypto';
import type { MethodRelay } from '../eras/method-relay.js';
import { FaultPlan } from '../faults/fault-plan.js';
import type { Recorder } from '../transcript/recorder.js';
import type { Catalog } from './catalog.js';
import { CursorCodec } from './cursor-codec.js';
import { ListAccess } from './list-access.js';
import type { ListFamily, ListKind } from './list-kind.js';
import { ListPager } from './list-pager.js';
import { type ListItems, Lists, type ListsInit } from './lists.js';
import { LogicalClock } from './logical-clock.js';
import { PrincipalDirectory, type PrincipalRules } from './principal.js';
import { listedPrompt } from './prompt-definition.js';
import { listedResource } from './resource-definition.js';
import { type AnswerRule, ScriptedAnswers } from './scripted-answers.js';
import { SeededRandom } from './seeded-random.js';
import type { CacheScope, PaginationRules, ServerSettings } from './server-settings.js';
import { type AccessRules, ToolAccess } from './tool-access.js';
import type { ToolDefinition } from './tool-definition.js';

/**
 * What a world starts from: resolved settings, the initial lists, and who may see and call what.
 * The script layer builds it from a script document (`worldInitOf`); the world never reads a script.
 */
export interface WorldInit {
  settings: ServerSettings;
  lists: ListsInit;
  /** Scripted answers, in priority order. */
  answers?: readonly AnswerRule[];
  auth?: PrincipalRules & AccessRules;
}

/** Where legacy session ids come from (see {@link World}'s constructor). */
export type SessionIds = 'seeded' | 'random';

type Pagers = { [K in ListKind]: ListPager<ListItems[K], unknown> };
type Accesses = { tools: ToolAccess } & { [K in Exclude<ListKind, 'tools'>]: ListAccess<ListItems[K]> };

/**
 * Everything the era engines share: settings, the lists (tools, resources, resource templates,
 * prompts) and their pagers, principals and per-principal access, armed faults, saved catalog
 * snapshots, the logical clock, seeded randomness, deterministic id counters and the recorder.
 */
export class World {
  readonly settings: ServerSettings;
  readonly lists: Lists;
  /** The tool list (its revision is the transcript's `catalogRevision`). */
  readonly catalog: Catalog<ToolDefinition>;
  readonly clock = new LogicalClock();
  readonly random: SeededRandom;
  /** The tool list's pager. */
  readonly lister: ListPager<ToolDefinition>;
  readonly principals: PrincipalDirectory;
  /** The tool list's per-principal access. */
  readonly access: ToolAccess;
  readonly faults = new FaultPlan();
  /** The script's answers (results, errors, unanswered requests). */
  readonly answers: ScriptedAnswers;
  /** Named catalog snapshots (`saveSnapshot`); `initial` is the catalog once `atStart` steps ran. */
  readonly snapshots = new Map<string, readonly ToolDefinition[]>();
  private readonly pagers: Pagers;
  private readonly accesses: Accesses;
  private readonly counters = new Map<string, number>();

  private readonly sessionIds: SessionIds;
  /** Relays requests to another server instead of answering them (a proxy's upstream); absent on a plain fake server. */
  relay: MethodRelay | undefined;

  /**
   * @param sessionIds where legacy session ids come from: `seeded` (default) draws them from the
   *   seed, so the same script and seed give the same transcript; `random` draws them from the
   *   operating system's CSPRNG, so no other server process (or this one after a reset) hands out
   *   the same id.
   */
  constructor(
    init: WorldInit,
    readonly recorder: Recorder,
    sessionIds: SessionIds = 'seeded',
  ) {
    this.sessionIds = sessionIds;
    this.settings = init.settings;
    this.lists = new Lists(init.lists);
    this.catalog = this.lists.tools;
    this.random = new SeededRandom(this.settings.seed);
    this.principals = new PrincipalDirectory(init.auth, this.clock);
    this.access = new ToolAccess(init.auth);
    this.answers = new ScriptedAnswers(init.answers ?? []);
    const hidden = this.access.hidden;
    this.accesses = {
      tools: this.access,
      resources: new ListAccess(init.auth?.resourceScopes, hidden, (item) => item.uri),
      resourceTemplates: new ListAccess(init.auth?.resourceScopes, hidden, (item) => item.uriTemplate),
      prompts: new ListAccess(init.auth?.promptScopes, hidden, (item) => item.name),
    };
    const pager = <K extends ListKind>(kind: K, listed?: (item: ListItems[K]) => unknown) =>
      new ListPager<ListItems[K], unknown>(
        this.lists.of(kind),
        new CursorCodec(this.settings.seed, kind),
        () => this.paginationOf(kind),
        this.accessOf(kind),
        this.clock,
        listed,
      );
    this.pagers = {
      tools: pager('tools'),
      resources: pager('resources', listedResource),
      resourceTemplates: pager('resourceTemplates'),
      prompts: pager('prompts', listedPrompt),
    };
    this.lister = this.pagers.tools as ListPager<ToolDefinition>;
  }

  /** A new legacy `Mcp-Session-Id`: 32 characters of visible ASCII (`A–Z a–z 0–9 - _`). */
  newSessionId(): string {
    return this.sessionIds === 'random' ? randomBytes(24).toString('base64url') : this.random.token(32);
  }

  /** The pager of the list of `kind`. */
  pager<K extends ListKind>(kind: K): ListPager<ListItems[K], unknown> {
    return this.pagers[kind] as ListPager<ListItems[K], unknown>;
  }

  /** The per-principal access of the list of `kind`. */
  accessOf<K extends ListKind>(kind: K): ListAccess<ListItems[K]> {
    return this.accesses[kind] as unknown as ListAccess<ListItems[K]>;
  }

  /** A deterministic id: `prefix-1`, `prefix-2`, … per prefix. */
  nextId(prefix: string): string {
    const next = (this.counters.get(prefix) ?? 0) + 1;
    this.counters.set(prefix, next);
    return `${prefix}-${next}`;
  }

  /** `serverInfo` as both eras report it. */
  serverInfo(): { name: string; version: string } {
    return { name: this.settings.name, version: this.settings.version };
  }

  /** The pagination of the list of `kind`: the general rules with that list's overrides. */
  paginationOf(kind: ListKind): PaginationRules {
    const override = this.settings.listPagination.get(kind);
    return override ? { ...this.settings.pagination, ...override } : this.settings.pagination;
  }

  /** The `cacheScope` of page `page` of a listing: the page override, the list's, else the setting (`auto` resolved). */
  listCacheScope(page: number, kind: ListKind = 'tools'): CacheScope {
    const override = this.settings.freshness.pages.get(page)?.cacheScope;
    if (override) return override;
    const scope = this.settings.listFreshness.get(kind)?.cacheScope ?? this.settings.freshness.cacheScope;
    if (scope !== 'auto') return scope;
    return this.accessOf(kind).filters() ? 'private' : 'public';
  }

  /** The `ttlMs` of page `page` of a listing, ms. */
  listTtlMs(page: number, kind: ListKind = 'tools'): number {
    return (
      this.settings.freshness.pages.get(page)?.ttlMs ??
      this.settings.listFreshness.get(kind)?.ttlMs ??
      this.settings.freshness.ttlMs
    );
  }

  /** Whether changes to a family's lists are announced (`list_changed` / listen). */
  listChanged(family: ListFamily): boolean {
    return family === 'tools' ? this.settings.toolsListChanged : this.settings.listChanged[family];
  }

  /**
   * The `capabilities` of `initialize` and `server/discover`: the script's exact object when it sets
   * one, else `tools` (always), `resources` and `prompts` (when served) with their `listChanged`
   * (and `subscribe`) flags.
   */
  capabilities(): Record<string, unknown> {
    if (this.settings.capabilities !== undefined) return structuredClone(this.settings.capabilities);
    const capabilities: Record<string, unknown> = { tools: { listChanged: this.settings.toolsListChanged } };
    if (this.lists.serves('resources')) {
      capabilities.resources = {
        subscribe: this.settings.resourcesSubscribe,
        listChanged: this.settings.listChanged.resources,
      };
    }
    if (this.lists.serves('prompts'))
      capabilities.prompts = { listChanged: this.settings.listChanged.prompts };
    return capabilities;
  }
}
