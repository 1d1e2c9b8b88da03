import type { ServerParts } from '../request-path/server-parts.js';
import type { ToolListReplay } from '../steps/step-runner.js';
import type { ToolDefinition } from '../world/tool-definition.js';
import type { UpstreamCatalog } from './upstream-catalog.js';

/**
 * The proxy's copy of the upstream's tool list with the overlay on top. The world's catalog is the
 * view: the upstream's tools (its base), the overlay script's own tools, then every tool-list
 * change the script's steps made, in order. When the upstream's list changes, the view is rebuilt
 * by replaying those changes on the new base (a change that no longer applies, e.g. a rename of a
 * tool the upstream dropped, is skipped); a view that changed is one new catalog revision, recorded
 * as a step and announced like any scripted change. Renamed tools are followed back to the
 * upstream's names, so calls reach the tool the upstream knows.
 */
export class CatalogMirror {
  private base: UpstreamCatalog;
  private baseNames: Set<string>;
  private journal: ToolListReplay[] = [];
  /** View name → upstream name, for tools the overlay renamed. */
  private origins = new Map<string, string>();
  private parts: ServerParts | undefined;
  private detach: Array<() => void> = [];
  private inFlight: Promise<void> | undefined;
  private changes = 0;

  constructor(
    initial: UpstreamCatalog,
    /** The overlay script's own tools (served as if added before any step). */
    private readonly overlayTools: readonly ToolDefinition[],
    /** Reads the upstream's list again (every page). */
    private readonly fetch: () => Promise<UpstreamCatalog>,
  ) {
    this.base = initial;
    this.baseNames = new Set(initial.tools.map((tool) => tool.name));
  }

  /** The upstream's tools as last read. */
  get upstreamTools(): readonly ToolDefinition[] {
    return this.base.tools;
  }

  /** The upstream catalog as last read (pages, freshness, page size). */
  get upstreamCatalog(): UpstreamCatalog {
    return this.base;
  }

  /** The tools the view starts from: the upstream's, then the overlay's own. */
  startingTools(): ToolDefinition[] {
    return [...this.base.tools, ...this.overlayTools];
  }

  /**
   * Binds to freshly built parts (creation or `reset()`): forgets the old journal, follows the new
   * step runner's tool-list changes and renames, and brings the new world's catalog to the latest
   * upstream base (before `atStart` steps run).
   */
  attach(parts: ServerParts): void {
    for (const undo of this.detach) undo();
    this.parts = parts;
    this.journal = [];
    this.origins = new Map();
    this.detach = [
      parts.steps.onToolListChange((replay) => this.journal.push(replay)),
      parts.world.access.onRename((from, to) => {
        const origin = this.origins.get(from) ?? (this.baseNames.has(from) ? from : undefined);
        this.origins.delete(from);
        if (origin !== undefined) this.origins.set(to, origin);
      }),
    ];
    const starting = this.startingTools();
    if (!sameTools(parts.world.catalog.ordered(), starting)) parts.world.catalog.replaceAll(starting);
  }

  /**
   * The upstream's name for a tool of the view, or `undefined` for a tool only the overlay serves
   * (its calls are answered by the fake server itself).
   */
  upstreamName(viewName: string): string | undefined {
    const origin = this.origins.get(viewName);
    if (origin !== undefined) return this.baseNames.has(origin) ? origin : undefined;
    if (this.overlayTools.some((tool) => tool.name === viewName)) return undefined;
    return this.baseNames.has(viewName) ? viewName : undefined;
  }

  /**
   * Reads the upstream's list again and applies it (see {@link apply}). Concurrent callers share one
   * read. Never rejects: a failed read is noted in the transcript and the view stays as it was.
   */
  refresh(): Promise<void> {
    this.inFlight ??= this.fetch()
      .then(
        (catalog) => {
          this.apply(catalog);
        },
        (error: Error) => {
          this.parts?.recorder.note(`the upstream's tool list could not be read: ${error.message}`);
        },
      )
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight!;
  }

  /**
   * Takes `catalog` as the upstream's list: when it differs from the base, the view is rebuilt on it
   * (the overlay's changes replayed) and, when the view changed, committed as one catalog revision,
   * recorded as step `upstream-<n>` and announced. Returns whether the view changed.
   */
  apply(catalog: UpstreamCatalog): boolean {
    if (catalog.text === this.base.text) return false;
    const previous = this.base;
    this.base = catalog;
    this.baseNames = new Set(catalog.tools.map((tool) => tool.name));
    const parts = this.parts;
    if (!parts || sameTools(previous.tools, catalog.tools)) return false;
    let working = new Map(this.startingTools().map((tool) => [tool.name, tool]));
    let skipped = 0;
    for (const replay of this.journal) {
      const copy = new Map(working);
      try {
        replay(copy);
        working = copy;
      } catch {
        skipped += 1;
      }
    }
    const view = [...working.values()];
    if (sameTools(parts.world.catalog.ordered(), view)) return false;
    const before = new Set(parts.world.catalog.ordered().map((tool) => tool.name));
    parts.world.catalog.replaceAll(view);
    this.changes += 1;
    const added = view.filter((tool) => !before.has(tool.name)).map((tool) => tool.name);
    const after = new Set(view.map((tool) => tool.name));
    const removed = [...before].filter((name) => !after.has(name));
    const note =
      `the upstream's tool list changed: now ${view.length} tools` +
      (added.length ? `, added ${added.join(', ')}` : '') +
      (removed.length ? `, removed ${removed.join(', ')}` : '') +
      (skipped ? `; ${skipped} overlay change(s) no longer apply` : '');
    parts.recorder.step(`upstream-${this.changes}`, note);
    parts.announcements.announce({ copies: 1 });
    parts.steps.runDue();
    return true;
  }
}

/** Whether two tool lists are the same, item for item (JSON text). */
function sameTools(a: readonly ToolDefinition[], b: readonly ToolDefinition[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) {
    if (a[index] === b[index]) continue;
    if (JSON.stringify(a[index]) !== JSON.stringify(b[index])) return false;
  }
  return true;
}
