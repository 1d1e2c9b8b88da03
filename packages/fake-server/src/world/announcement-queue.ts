import type { Recorder } from '../transcript/recorder.js';
import type { ListFamily } from './list-kind.js';
import type { LogicalClock } from './logical-clock.js';
import type { Principal } from './principal.js';
import type { ServerSettings } from './server-settings.js';

/**
 * One list-changed signal to deliver: for which family (`tools` by default), how many times, and to
 * whom (all when `audience` is absent).
 */
export interface Announcement {
  family?: ListFamily;
  copies: number;
  audience?: (principal: Principal) => boolean;
}

/**
 * Applies the notification settings to list-changed signals (tools, resources, prompts alike)
 * before the engines send them:
 * `suppress` drops them (recorded as a note), `duplicate` multiplies them, `delayMs` holds them
 * until the logical clock has advanced that far (released in order as the clock moves).
 * @see ../shared/spec/mcp-discovery-spec.md §4, §11.4
 */
export class AnnouncementQueue {
  private held: Array<{ dueMs: number; announcement: Announcement }> = [];

  constructor(
    private readonly settings: ServerSettings,
    private readonly clock: LogicalClock,
    private readonly recorder: Recorder,
    private readonly deliver: (announcement: Announcement) => void,
  ) {
    clock.onAdvance((nowMs) => this.release(nowMs));
  }

  announce(announcement: Announcement): void {
    const { mode, duplicate, delayMs } = this.settings.notifications;
    const family = announcement.family ?? 'tools';
    if (mode === 'suppress') {
      this.recorder.note(`${family} list change not announced: notifications are suppressed`);
      return;
    }
    const scaled = { ...announcement, copies: announcement.copies * duplicate };
    if (delayMs > 0) {
      const dueMs = this.clock.now() + delayMs;
      this.held.push({ dueMs, announcement: scaled });
      this.recorder.note(`${family} list change held until logical time ${dueMs} ms (notifications.delayMs)`);
      return;
    }
    this.deliver(scaled);
  }

  /** Drops every held signal (server restart or reset). */
  clear(): void {
    this.held = [];
  }

  private release(nowMs: number): void {
    const due = this.held.filter((entry) => entry.dueMs <= nowMs);
    if (due.length === 0) return;
    this.held = this.held.filter((entry) => entry.dueMs > nowMs);
    for (const entry of due) this.deliver(entry.announcement);
  }
}
