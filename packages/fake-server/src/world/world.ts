import type { ScriptDocument } from '../script/script-document.js';
import type { Recorder } from '../transcript/recorder.js';
import { Catalog } from './catalog.js';
import { CursorCodec } from './cursor-codec.js';
import { LogicalClock } from './logical-clock.js';
import { SeededRandom } from './seeded-random.js';
import { resolveSettings, type ServerSettings } from './server-settings.js';
import { ToolLister } from './tool-lister.js';

/**
 * Everything the era engines share: settings, the catalog and its pager, the logical clock, seeded
 * randomness, deterministic id counters and the recorder.
 */
export class World {
  readonly settings: ServerSettings;
  readonly catalog: Catalog;
  readonly clock = new LogicalClock();
  readonly random: SeededRandom;
  readonly lister: ToolLister;
  private readonly counters = new Map<string, number>();

  constructor(
    readonly script: ScriptDocument,
    readonly recorder: Recorder,
  ) {
    this.settings = resolveSettings(script);
    this.catalog = new Catalog(script.catalog?.tools ?? []);
    this.random = new SeededRandom(this.settings.seed);
    const codec = new CursorCodec(this.settings.cursorStyle, this.settings.seed);
    this.lister = new ToolLister(this.catalog, codec, () => this.settings.pageSize);
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
}
