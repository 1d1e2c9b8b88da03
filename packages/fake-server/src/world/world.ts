import { FaultPlan } from '../faults/fault-plan.js';
import type { Recorder } from '../transcript/recorder.js';
import { Catalog } from './catalog.js';
import { CursorCodec } from './cursor-codec.js';
import { LogicalClock } from './logical-clock.js';
import { PrincipalDirectory, type PrincipalRules } from './principal.js';
import { SeededRandom } from './seeded-random.js';
import type { ServerSettings } from './server-settings.js';
import { type AccessRules, ToolAccess } from './tool-access.js';
import type { ToolDefinition } from './tool-definition.js';
import { ToolLister } from './tool-lister.js';

/**
 * What a world starts from: resolved settings, the initial tools, and who may see and call what.
 * The script layer builds it from a script document (`worldInitOf`); the world never reads a script.
 */
export interface WorldInit {
  settings: ServerSettings;
  tools: readonly ToolDefinition[];
  auth?: PrincipalRules & AccessRules;
}

/**
 * Everything the era engines share: settings, the catalog and its pager, principals and tool
 * access, armed faults, saved catalog snapshots, the logical clock, seeded randomness,
 * deterministic id counters and the recorder.
 */
export class World {
  readonly settings: ServerSettings;
  readonly catalog: Catalog;
  readonly clock = new LogicalClock();
  readonly random: SeededRandom;
  readonly lister: ToolLister;
  readonly principals: PrincipalDirectory;
  readonly access: ToolAccess;
  readonly faults = new FaultPlan();
  /** Named catalog snapshots (`saveSnapshot`); `initial` is the catalog once `atStart` steps ran. */
  readonly snapshots = new Map<string, readonly ToolDefinition[]>();
  private readonly counters = new Map<string, number>();

  constructor(
    init: WorldInit,
    readonly recorder: Recorder,
  ) {
    this.settings = init.settings;
    this.catalog = new Catalog(init.tools);
    this.random = new SeededRandom(this.settings.seed);
    this.principals = new PrincipalDirectory(init.auth, this.clock);
    this.access = new ToolAccess(init.auth);
    this.lister = new ToolLister(
      this.catalog,
      new CursorCodec(this.settings.seed),
      this.settings,
      this.access,
      this.clock,
    );
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

  /** The `cacheScope` of `tools/list` page `page`: the page override, else the setting (`auto` resolved). */
  listCacheScope(page: number): 'public' | 'private' {
    const override = this.settings.freshness.pages.get(page)?.cacheScope;
    if (override) return override;
    const scope = this.settings.freshness.cacheScope;
    if (scope !== 'auto') return scope;
    return this.access.filters() ? 'private' : 'public';
  }

  /** The `ttlMs` of `tools/list` page `page`, ms. */
  listTtlMs(page: number): number {
    return this.settings.freshness.pages.get(page)?.ttlMs ?? this.settings.freshness.ttlMs;
  }
}
